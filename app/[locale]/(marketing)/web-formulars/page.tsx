import { contentRoute } from '@/components/marketing/content/content-route';

/** `/web-formulars` in every locale (words in messages/pages). */
const route = contentRoute('/web-formulars');

export const generateMetadata = route.generateMetadata;
export default route.Page;
