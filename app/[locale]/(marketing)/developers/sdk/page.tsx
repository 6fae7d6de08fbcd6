import { contentRoute } from '@/components/marketing/content/content-route';

/** `/developers/sdk` in every locale (words in messages/pages). */
const route = contentRoute('/developers/sdk');

export const generateMetadata = route.generateMetadata;
export default route.Page;
