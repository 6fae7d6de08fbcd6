import { clientRateLimitKey } from '@/lib/server/http/client-address';
import { withProblems } from '@/lib/server/http/problem';
import { limit } from '@/lib/server/http/rate-limit';
import { getInstanceCrl } from '@/lib/server/trust/instance-crl';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/v1/trust/crl: the CA's current CRL (DER), the seal certificate's CRL distribution point (public). */
export const GET = withProblems(async (request: Request) => {
  await limit('trust', clientRateLimitKey(request));
  const crl = await getInstanceCrl();
  return new Response(new Uint8Array(crl), {
    headers: {
      'content-type': 'application/pkix-crl',
      'content-disposition': 'attachment; filename="signet-ca.crl"',
      // Re-issued daily and valid a week: an hour of caching keeps relying parties close to the newest list.
      'cache-control': 'public, max-age=3600',
    },
  });
});
