import { contentRoute } from '@/components/marketing/content/content-route';

/** `/developers/community` in every locale (words in messages/pages). */
const route = contentRoute('/developers/community');

export const generateMetadata = route.generateMetadata;
export default route.Page;
