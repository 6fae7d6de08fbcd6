import { contentRoute } from '@/components/marketing/content/content-route';
import { SdkToday } from '@/components/marketing/content/developer-facts';

/** `/developers/sdk` in every locale (words in messages/pages), with what exists today from the API's own facts. */
const route = contentRoute('/developers/sdk', <SdkToday />);

export const generateMetadata = route.generateMetadata;
export default route.Page;
