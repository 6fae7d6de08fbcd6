import { contentRoute } from '@/components/marketing/content/content-route';

/** `/legal` in every locale (words in messages/pages). */
const route = contentRoute('/legal');

export const generateMetadata = route.generateMetadata;
export default route.Page;
