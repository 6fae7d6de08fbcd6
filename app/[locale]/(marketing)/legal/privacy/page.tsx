import { contentRoute } from '@/components/marketing/content/content-route';

/** `/legal/privacy` in every locale (words in messages/pages). */
const route = contentRoute('/legal/privacy');

export const generateMetadata = route.generateMetadata;
export default route.Page;
