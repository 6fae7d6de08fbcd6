import { contentSlugRoute } from '@/components/marketing/content/content-route';
import { FEATURE_SLUGS } from '@/components/marketing/content/registry';

/** `/features/<slug>`: one page per feature card (SPEC §3); unknown slugs answer 404. */
const route = contentSlugRoute('/features', FEATURE_SLUGS);

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
