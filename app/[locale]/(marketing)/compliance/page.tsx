import { contentRoute } from '@/components/marketing/content/content-route';

/** `/compliance` in every locale (words in messages/pages). */
const route = contentRoute('/compliance');

export const generateMetadata = route.generateMetadata;
export default route.Page;
