import 'server-only';
import { AppError } from '@/lib/errors';
import { resolveSigningToken } from '@/lib/server/signing/link/resolve-signing-token';
import { hashSigningToken } from '@/lib/server/signing/link/signing-link';
import { clientRateLimitKey } from './client-address';
import { withProblems } from './problem';
import { limit } from './rate-limit';

type TContext<P> = { params: Promise<P> };
export type TSigner = Awaited<ReturnType<typeof resolveSigningToken>>;
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

/**
 * Whether the recipient may not see the document yet: a viewer whose sender
 * asked for authentication. Viewing is all a viewer is asked to do (opening
 * finishes their turn), so for them the authentication guards the reading
 * itself; signers and approvers read first and authenticate before acting
 * (requireSignerCanAct). docs/signer-authentication.md.
 */
export function viewingNeedsAuth(recipient: Pick<TSigner['recipient'], 'role' | 'auth' | 'authAt'>): boolean {
  return recipient.role === 'VIEWER' && recipient.auth !== 'NONE' && !recipient.authAt;
}

/** 401 for the document's content (its PDF) while viewingNeedsAuth: the page shows only the authentication step. */
export function requireSignerCanView(signer: TSigner): void {
  if (viewingNeedsAuth(signer.recipient)) {
    throw new AppError('UNAUTHORIZED', 'Confirm who you are before opening the document.', {
      extensions: { reason: 'auth_required', method: signer.recipient.auth.toLowerCase() },
    });
  }
}

/**
 * The order of checks for a change (docs/api.md, Signer changes), after the link (410): consent given
 * (409), then the recipient's authentication passed (401). One place for the rule.
 * Declining skips consent (`consent: false`): a person who will not sign
 * electronically must still be able to say no, or the sender never learns why;
 * it still needs the authentication the sender asked for, so a forwarded link
 * cannot end someone else's document.
 */
export function requireSignerCanAct(signer: TSigner, { consent = true }: { consent?: boolean } = {}): void {
  if (consent && !signer.recipient.consentAt) {
    throw new AppError('CONFLICT', 'Give your consent to sign electronically first.', {
      extensions: { reason: 'consent_required' },
    });
  }
  if (signer.recipient.auth !== 'NONE' && !signer.recipient.authAt) {
    throw new AppError('UNAUTHORIZED', 'Confirm who you are before signing.', {
      extensions: { reason: 'auth_required', method: signer.recipient.auth.toLowerCase() },
    });
  }
}
