import 'server-only';
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
