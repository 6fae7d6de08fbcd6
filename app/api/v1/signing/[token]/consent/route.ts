import { ZConsentBody } from '@/lib/api/v1/signing-session';
import { requestMeta } from '@/lib/server/http/client-address';
import { parseBody } from '@/lib/server/http/json';
import { signerRoute } from '@/lib/server/http/signer-route';
import { giveSigningConsent } from '@/lib/server/signing/actions/give-signing-consent';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = signerRoute(async ({ request, signer }) => {
  await parseBody(request, ZConsentBody, 1024);
  await giveSigningConsent({ ...signer.recipient, documentId: signer.document.id }, requestMeta(request));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});
