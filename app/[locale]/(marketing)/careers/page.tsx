import { contentRoute } from '@/components/marketing/content/content-route';

/** `/careers` in every locale (words in messages/pages). */
const route = contentRoute('/careers');

export const generateMetadata = route.generateMetadata;
export default route.Page;
