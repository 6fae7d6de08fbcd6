import { ApiContract } from '@/components/marketing/content/api-contract';
import { contentRoute } from '@/components/marketing/content/content-route';

/** `/developers/api`: the legacy upload contract (SPEC §7) until the versioned REST API arrives. */
const route = contentRoute('/developers/api', <ApiContract />);

export const generateMetadata = route.generateMetadata;
export default route.Page;
