import { requestMeta } from '@/lib/server/http/client-address';
import { json } from '@/lib/server/http/json';
import { signerRoute } from '@/lib/server/http/signer-route';
import { requireSignerCanAct } from '@/lib/server/signing/auth/signer-access';
import { completeSigning } from '@/lib/server/signing/actions/complete-signing';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = signerRoute<{ token: string }>(async ({ request, signer }) => {
  requireSignerCanAct(signer);
  return json(await completeSigning(signer, requestMeta(request)));
});
