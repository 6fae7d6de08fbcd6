import { contentRoute } from '@/components/marketing/content/content-route';

/** `/security` in every locale (words in messages/pages). */
const route = contentRoute('/security');

export const generateMetadata = route.generateMetadata;
export default route.Page;
