import { ApiReferenceBanner } from '@/components/api-docs/api-reference-banner';
import { ApiContract } from '@/components/marketing/content/api-contract';
import { contentRoute } from '@/components/marketing/content/content-route';

/** `/developers/api`: the way to the v1 reference, and the legacy upload contract (SPEC §7) that stays for existing integrations. */
const route = contentRoute(
  '/developers/api',
  <>
    <ApiReferenceBanner />
    <ApiContract />
  </>,
);

export const generateMetadata = route.generateMetadata;
export default route.Page;
