import 'server-only';
import type { TMe } from '@/lib/api/v1/workspaces';
import type { TOwner } from '@/lib/server/auth/require-owner';

/** GET /api/v1/me: the user, the workspace the call acts in with its plan, and the key when one authenticated it. */
export async function describeCaller(owner: TOwner): Promise<TMe> {
  const { user, workspace, key } = owner;
  return {
    user: { id: user.id, email: user.email, name: user.name },
    workspace: { ...workspace, plan: workspace.plan.toLowerCase() as TMe['workspace']['plan'] },
    ...(key ? { key: { id: key.id, name: key.name, scopes: key.scopes } } : {}),
  };
}
