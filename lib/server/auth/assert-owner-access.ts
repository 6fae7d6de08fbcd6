import 'server-only';
import type { TApiScope } from '@/lib/api/v1/api-keys';
import { roleAtLeast, type TMemberRole } from '@/lib/api/v1/workspaces';
import { AppError } from '@/lib/errors';
import type { TOwner } from './require-owner';

/**
 * What an owner route needs: a scope (a signed-in session has every one),
 * `session` for what no key may do, or `any` for what every caller may ask
 * (who am I, which workspaces). Managing API keys is session-only: a key
 * that could mint or revoke keys would outlive its own revocation.
 */
export type TOwnerAccess = TApiScope | 'session' | 'any';

/**
 * The least role in the workspace each access needs (docs/teams.md): documents are every member's; keys, webhooks
 * and the team itself an admin's. A personal workspace's user is its owner, so this only ever refuses in a team.
 */
export const LEAST_ROLE: Record<TOwnerAccess, TMemberRole> = {
  'documents:read': 'member',
  'documents:write': 'member',
  'templates:read': 'member',
  'templates:write': 'member',
  'webhooks:manage': 'admin',
  'team:manage': 'admin',
  // Session-only routes are the account's own (a team, an invitation): API keys declare admin themselves.
  session: 'member',
  any: 'member',
};

/**
 * FORBIDDEN for a key on a session-only route, or for a role below `role` (by default the access's least role);
 * MISSING_SCOPE, naming the scope (also as `scope`), for a key without it.
 */
export function assertOwnerAccess(owner: TOwner, access: TOwnerAccess, role = LEAST_ROLE[access]): void {
  if (!roleAtLeast(owner.workspace.role, role))
    throw new AppError('FORBIDDEN', `This needs the ${role} role in this team; ask one of its admins or owners.`, {
      extensions: { role },
    });
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
