import { contentSlugRoute } from '@/components/marketing/content/content-route';
import { WHY_SLUGS } from '@/components/marketing/content/registry';

/** `/why/<slug>`: one page per "Why" card (SPEC §2); unknown slugs answer 404. */
const route = contentSlugRoute('/why', WHY_SLUGS);

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
