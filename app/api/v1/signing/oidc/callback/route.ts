import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { clientRateLimitKey, requestMeta } from '@/lib/server/http/client-address';
import { withProblems } from '@/lib/server/http/problem';
import { limit } from '@/lib/server/http/rate-limit';
import { eidCookieHeader, openEidFlow } from '@/lib/server/signing/auth/eid/eid-cookie';
import { finishEid } from '@/lib/server/signing/auth/eid/finish-eid';
import { resolveSigningToken } from '@/lib/server/signing/link/resolve-signing-token';
import { hashSigningToken } from '@/lib/server/signing/link/signing-link';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Back to the signing page (which shows the outcome), the flow's cookie cleared either way. */
function backToPage(token: string, error: string | null): Response {
  const url = new URL(`/sign/${encodeURIComponent(token)}`, getEnv().appUrl);
  if (error) url.searchParams.set('eidError', error);
  return new Response(null, {
    status: 303,
    headers: { location: url.href, 'set-cookie': eidCookieHeader(null), 'cache-control': 'no-store' },
  });
}

/**
 * Where the eID provider sends the signer back. The link comes from the
 * sealed cookie of the browser that started, never from the URL; without it
 * there is no page to go back to, so the answer is a 400 saying so.
 */
export const GET = withProblems(async (request: Request) => {
  await limit('signerAddress', clientRateLimitKey(request));
  const flow = openEidFlow(request);
  if (!flow) {
    throw new AppError(
      'INVALID_INPUT',
      'This eID sign-in was not started in this browser, was already used, or has expired. Open your signing link and start again.',
      {
        extensions: { reason: 'eid_flow_missing' },
      },
    );
  }
  await limit('signer', hashSigningToken(flow.token));
  let signer;
  try {
    signer = await resolveSigningToken(flow.token);
  } catch (error) {
    // A link that stopped working meanwhile: the page says why; nothing is recorded.
    if (error instanceof AppError && (error.code === 'GONE' || error.code === 'NOT_FOUND'))
      return backToPage(flow.token, null);
    throw error;
  }
  return backToPage(flow.token, await finishEid(signer, flow, new URL(request.url), requestMeta(request)));
});
