import { contentRoute } from '@/components/marketing/content/content-route';

/** `/developers/blog` in every locale (words in messages/pages). */
const route = contentRoute('/developers/blog');

export const generateMetadata = route.generateMetadata;
export default route.Page;
