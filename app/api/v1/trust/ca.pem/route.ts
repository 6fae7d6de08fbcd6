import { clientRateLimitKey } from '@/lib/server/http/client-address';
import { withProblems } from '@/lib/server/http/problem';
import { limit } from '@/lib/server/http/rate-limit';
import { getInstanceCa } from '@/lib/server/trust/instance-ca';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/v1/trust/ca.pem: the CA that signs this instance's seals, for relying parties to trust (public). */
export const GET = withProblems(async (request: Request) => {
  await limit('trust', clientRateLimitKey(request));
  const { certificatePem } = await getInstanceCa();
  return new Response(certificatePem, {
    headers: {
      'content-type': 'application/x-pem-file',
      'content-disposition': 'attachment; filename="signet-ca.pem"',
      // The CA lives twenty years; a day of caching spares the instance without hiding a replacement long.
      'cache-control': 'public, max-age=86400',
    },
  });
});
