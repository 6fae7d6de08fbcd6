import { contentRoute } from '@/components/marketing/content/content-route';

/** `/about` in every locale (words in messages/pages). */
const route = contentRoute('/about');

export const generateMetadata = route.generateMetadata;
export default route.Page;
