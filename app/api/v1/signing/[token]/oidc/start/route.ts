import type { TEidStarted } from '@/lib/api/v1/signer-eid';
import { json } from '@/lib/server/http/json';
import { signerRoute } from '@/lib/server/http/signer-route';
import { eidCookieHeader } from '@/lib/server/signing/auth/eid/eid-cookie';
import { startEid } from '@/lib/server/signing/auth/eid/start-eid';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = signerRoute<{ token: string }>(async ({ params, signer }) => {
  const { url, cookie } = await startEid(signer, params.token);
  const response = json({ url } satisfies TEidStarted);
  response.headers.append('set-cookie', eidCookieHeader(cookie));
  response.headers.set('cache-control', 'no-store');
  return response;
});
