import { ZOtpVerifyBody } from '@/lib/api/v1/signer-otp';
import { requestMeta } from '@/lib/server/http/client-address';
import { json, parseBody } from '@/lib/server/http/json';
import { signerRoute } from '@/lib/server/http/signer-route';
import { verifySignerOtp } from '@/lib/server/signing/auth/verify-signer-otp';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = signerRoute<{ token: string }>(async ({ request, signer }) => {
  const { code } = await parseBody(request, ZOtpVerifyBody, 4 * 1024);
  await verifySignerOtp(signer, code, requestMeta(request));
  return json({ auth: { method: 'email_otp', satisfied: true } });
});
