import 'server-only';
import { AppError } from '@/lib/errors';
import type { TSigner } from '../link/resolve-signing-token';

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
