import 'server-only';
import type { TApiScope, TCreatedApiKey } from '@/lib/api/v1/api-keys';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { personalWorkspaceId } from '@/lib/server/workspaces/personal-workspace-id';
import { createApiKey } from './create-api-key';

export type TOperatorApiKey = {
  key: TCreatedApiKey;
  email: string;
  /** `name` is a team's name; for a personal workspace its user's email, the address the operator knows them by. */
  workspace: { id: string; kind: 'PERSONAL' | 'TEAM'; name: string };
};

/**
 * A key the operator makes for an existing user (`npm run apikey -- create`), in their personal workspace or a
 * team they belong to, as if they had made it in Settings: they are its maker, so it ends when they leave the
 * workspace. In a team only its owners and admins manage keys (docs/teams.md), so a plain member gets none.
 */
export async function createOperatorApiKey(
  address: string,
  name: string,
  options: { workspaceId?: string; scopes: readonly TApiScope[] },
): Promise<TOperatorApiKey> {
  const email = address.trim().toLowerCase();
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) throw new AppError('NOT_FOUND', `no account has the address ${email}`);
  const workspaceId = options.workspaceId ?? personalWorkspaceId(user.id);
  const membership = await db.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: user.id } },
    include: { workspace: { select: { kind: true, name: true } } },
  });
  if (!membership)
    throw new AppError(
      'NOT_FOUND',
      `${email} is not a member of workspace ${workspaceId}, or there is no such workspace`,
    );
  const { kind } = membership.workspace;
  const workspace = { id: workspaceId, kind, name: kind === 'PERSONAL' ? email : membership.workspace.name };
  if (membership.role === 'MEMBER') {
    throw new AppError(
      'FORBIDDEN',
      `${email} is a member of team "${workspace.name}" (${workspaceId}) but not an owner or admin, who alone manage its API keys`,
    );
  }
  const key = await createApiKey(user.id, name, { workspaceId, scopes: options.scopes });
  return { key, email, workspace };
}
