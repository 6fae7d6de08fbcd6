import 'server-only';
import type { TWorkspaceAccess } from './resolve-workspace';

/** The user as an upload's owner in `workspace`: the document goes there and counts toward that workspace's plan. */
export function uploaderIn(user: { id: string; email: string }, workspace: Pick<TWorkspaceAccess, 'id' | 'plan'>) {
  return { id: user.id, email: user.email, workspaceId: workspace.id, plan: workspace.plan };
}
