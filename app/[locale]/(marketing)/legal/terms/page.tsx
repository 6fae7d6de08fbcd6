import { contentRoute } from '@/components/marketing/content/content-route';

/** `/legal/terms` in every locale (words in messages/pages). */
const route = contentRoute('/legal/terms');

export const generateMetadata = route.generateMetadata;
export default route.Page;
