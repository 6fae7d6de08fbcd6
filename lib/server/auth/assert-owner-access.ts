import 'server-only';
import type { TApiScope } from '@/lib/api/v1/api-keys';
import { AppError } from '@/lib/errors';
import type { TOwner } from './require-owner';

/**
 * What an owner route needs: a scope (a signed-in session has every one),
 * `session` for what no key may do, or `any` for what every caller may ask
 * (who am I, which workspaces). Managing API keys is session-only: a key
 * that could mint or revoke keys would outlive its own revocation.
 */
export type TOwnerAccess = TApiScope | 'session' | 'any';

/** FORBIDDEN for a key on a session-only route; MISSING_SCOPE, naming the scope (also as `scope`), for a key without it. */
export function assertOwnerAccess(owner: TOwner, access: TOwnerAccess): void {
  if (access === 'any') return;
  if (access === 'session') {
    if (owner.method !== 'session')
      throw new AppError('FORBIDDEN', 'API keys are managed from a signed-in session, not with an API key.');
    return;
  }
  if (!owner.scopes.has(access)) {
    throw new AppError(
      'MISSING_SCOPE',
      `This API key does not have the scope "${access}" that this call needs; create a key with it in Settings → API keys.`,
      {
        extensions: { scope: access },
      },
    );
  }
}
