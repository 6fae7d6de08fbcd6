import { ZDeclineBody } from '@/lib/api/v1/signer-actions';
import { requestMeta } from '@/lib/server/http/client-address';
import { json, parseBody } from '@/lib/server/http/json';
import { signerRoute } from '@/lib/server/http/signer-route';
import { requireSignerCanAct } from '@/lib/server/signing/auth/signer-access';
import { declineSigning } from '@/lib/server/signing/actions/decline-signing';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = signerRoute<{ token: string }>(async ({ request, signer }) => {
  requireSignerCanAct(signer, { consent: false });
  const { reason } = await parseBody(request, ZDeclineBody, 16 * 1024);
  return json(await declineSigning(signer, reason, requestMeta(request)));
});
