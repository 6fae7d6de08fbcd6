import 'server-only';
import { cookies } from 'next/headers';
import { WORKSPACE_COOKIE } from '@/lib/api/v1/workspaces';
import { currentWorkspace } from './current-workspace';
import type { TWorkspaceAccess } from './resolve-workspace';

/** The current workspace of the signed-in user a page renders for (its cookie, else personal). */
export async function pageWorkspace(userId: string): Promise<TWorkspaceAccess> {
  return currentWorkspace(userId, (await cookies()).get(WORKSPACE_COOKIE)?.value);
}
