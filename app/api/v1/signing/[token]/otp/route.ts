import { requestMeta } from '@/lib/server/http/client-address';
import { json } from '@/lib/server/http/json';
import { signerRoute } from '@/lib/server/http/signer-route';
import { sendSignerOtp } from '@/lib/server/signing/auth/send-signer-otp';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = signerRoute<{ token: string }>(async ({ request, signer }) =>
  json(await sendSignerOtp(signer, requestMeta(request)), 202),
);
