import { contentRoute } from '@/components/marketing/content/content-route';
import { DeveloperFactsSummary } from '@/components/marketing/content/developer-facts';

/** `/developers/community` in every locale (words in messages/pages), with what the API offers today. */
const route = contentRoute('/developers/community', <DeveloperFactsSummary />);

export const generateMetadata = route.generateMetadata;
export default route.Page;
