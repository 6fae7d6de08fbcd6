import { contentSlugRoute } from '@/components/marketing/content/content-route';
import { WHY_SLUGS } from '@/components/marketing/content/registry';

/** `/why/<slug>`: one page per "Why" card, where its "Learn more" leads; unknown slugs answer 404. */
const route = contentSlugRoute('/why', WHY_SLUGS);

export const generateStaticParams = route.generateStaticParams;
// Every slug is known at build time: an unknown one answers 404 at once rather than being
// rendered and kept by Next's cache (one entry per made-up address, frozen with the first
// visitor's CSP nonce, so its scripts would be refused for everyone after).
export const dynamicParams = false;
export const generateMetadata = route.generateMetadata;
export default route.Page;
