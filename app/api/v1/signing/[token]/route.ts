import { requestMeta } from '@/lib/server/http/client-address';
import { json } from '@/lib/server/http/json';
import { signerRoute } from '@/lib/server/http/signer-route';
import { getSigningSession } from '@/lib/server/signing/link/get-signing-session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = signerRoute(async ({ request, signer }) =>
  json(await getSigningSession(signer, requestMeta(request))),
);
