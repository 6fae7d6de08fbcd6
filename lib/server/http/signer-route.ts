import 'server-only';
import { resolveSigningToken, type TSigner } from '@/lib/server/signing/link/resolve-signing-token';
import { hashSigningToken } from '@/lib/server/signing/link/signing-link';
import { clientRateLimitKey } from './client-address';
import { withProblems } from './problem';
import { limit } from './rate-limit';

type TContext<P> = { params: Promise<P> };
export type TSignerRequest<P> = { request: Request; params: P; signer: TSigner };

/**
 * A v1 signer endpoint (/api/v1/signing/{token}/…): problem+json on every
 * failure, rate-limited per link and per client address, then the token
 * resolved (404 unknown, 410 with reason and documentName when it no longer
 * works) before the handler runs. Reads and consent need nothing more;
 * changes also call requireSignerCanAct.
 */
export function signerRoute<P extends { token: string }>(handler: (call: TSignerRequest<P>) => Promise<Response>) {
  return withProblems(async (request: Request, context: TContext<P>) => {
    const params = await context.params;
    await limit('signerAddress', clientRateLimitKey(request));
    // Keyed by the hash, so the rate-limit table never holds a usable token.
    await limit('signer', hashSigningToken(params.token ?? ''));
    const signer = await resolveSigningToken(params.token ?? '');
    return handler({ request, params, signer });
  });
}
