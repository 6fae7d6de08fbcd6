import { contentRoute } from '@/components/marketing/content/content-route';

/** `/blog` in every locale (words in messages/pages). */
const route = contentRoute('/blog');

export const generateMetadata = route.generateMetadata;
export default route.Page;
