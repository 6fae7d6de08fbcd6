import 'server-only';
import { WORKSPACE_COOKIE, WORKSPACE_HEADER } from '@/lib/api/v1/workspaces';
import { readCookie } from '@/lib/http/cookies';
import { AppError } from '@/lib/errors';
import { resolveWorkspace, type TWorkspaceAccess } from './resolve-workspace';

/**
 * A signed-in browser's current workspace: the one its cookie names while the user is a member of it, else the
 * personal one. A stale cookie (a team left or removed from) falls back instead of failing every page; it still
 * reaches nothing of the team, since membership is what is checked.
 */
export async function currentWorkspace(
  userId: string,
  cookieValue: string | null | undefined,
): Promise<TWorkspaceAccess> {
  if (cookieValue) {
    try {
      return await resolveWorkspace(userId, cookieValue);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    }
  }
  return resolveWorkspace(userId);
}

/**
 * The workspace a signed-in browser's request acts in: the one `named` (a path's team, or X-Signet-Workspace),
 * NOT_FOUND unless the user is in it; else the current one its cookie names, else personal.
 */
export async function sessionWorkspace(
  userId: string,
  request: Request,
  named: string | null = request.headers.get(WORKSPACE_HEADER),
): Promise<TWorkspaceAccess> {
  if (named) return resolveWorkspace(userId, named);
  return currentWorkspace(userId, readCookie(request.headers.get('cookie'), WORKSPACE_COOKIE));
}
