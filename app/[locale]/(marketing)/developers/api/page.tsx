import { ApiReferenceBanner } from '@/components/api-docs/api-reference-banner';
import { ApiContract } from '@/components/marketing/content/api-contract';
import { contentRoute } from '@/components/marketing/content/content-route';
import { ApiCapabilities } from '@/components/marketing/content/developer-facts';

/**
 * `/developers/api`: the way to the v1 reference, what v1 covers (read from its OpenAPI document),
 * and the legacy upload contract that stays for existing integrations.
 */
const route = contentRoute(
  '/developers/api',
  <>
    <ApiReferenceBanner />
    <ApiCapabilities />
    <ApiContract />
  </>,
);

export const generateMetadata = route.generateMetadata;
export default route.Page;
