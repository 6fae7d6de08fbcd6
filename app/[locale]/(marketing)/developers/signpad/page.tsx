import { contentRoute } from '@/components/marketing/content/content-route';

/** `/developers/signpad` in every locale (words in messages/pages). */
const route = contentRoute('/developers/signpad');

export const generateMetadata = route.generateMetadata;
export default route.Page;
