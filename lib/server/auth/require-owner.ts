import 'server-only';
import { API_SCOPES, type TApiScope } from '@/lib/api/v1/api-keys';
import { WORKSPACE_HEADER } from '@/lib/api/v1/workspaces';
import { sessionWorkspace } from '@/lib/server/workspaces/current-workspace';
import { AppError } from '@/lib/errors';
import { authenticateApiKey, type TAuthenticatedKey } from '@/lib/server/api-keys/authenticate-api-key';
import { resolveWorkspace, type TWorkspaceAccess } from '@/lib/server/workspaces/resolve-workspace';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { assertNotForged } from './assert-not-forged';
import { requireUser } from './require-user';

export type TOwner = {
  user: Awaited<ReturnType<typeof requireUser>>;
  method: 'session' | 'apiKey';
  /** Written as the audit event's actor: the user's id, or `api:<key prefix>` for a key. */
  actor: string;
  /** What the caller may do: a signed-in session everything, a key its scopes. */
  scopes: ReadonlySet<TApiScope>;
  /** The key the request authenticated with; null for a session. */
  key: TAuthenticatedKey | null;
  /** The workspace the call acts in, with the caller's role there (docs/teams.md). */
  workspace: TWorkspaceAccess;
  /** The user, the workspace and the actor, as domain operations take them. */
  caller: TWorkspaceCaller;
};

function owner(fields: Omit<TOwner, 'caller'>): TOwner {
  return { ...fields, caller: { userId: fields.user.id, workspaceId: fields.workspace.id, actor: fields.actor } };
}

/** A key acts in its own workspace; one whose maker is no longer a member of it is as good as revoked. */
async function keyWorkspace(userId: string, key: TAuthenticatedKey, named: string | null): Promise<TWorkspaceAccess> {
  if (named !== null && named !== key.workspaceId)
    throw new AppError('NOT_FOUND', 'An API key acts only in the workspace it was created in.');
  try {
    return await resolveWorkspace(userId, key.workspaceId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('UNAUTHORIZED', 'The API key is unknown or revoked.');
    throw error;
  }
}

/**
 * Who calls a v1 owner endpoint. A request with an Authorization header is
 * judged by it alone (a Bearer API key; the session cookie is ignored, so a
 * cookie never rides along on it, and it needs no anti-forgery header). Any
 * other request needs the session cookie and, on unsafe methods, the
 * X-XSRF-TOKEN header (the proxy leaves /api/v1 to this check). Either way the
 * call acts in one workspace: the key's, or the one a session names with
 * X-Signet-Workspace (else the browser's current one, else personal), or the one the
 * route's path names (`pathWorkspace`, which the header cannot override).
 */
export async function requireOwner(request: Request, pathWorkspace?: string): Promise<TOwner> {
  const named = pathWorkspace ?? request.headers.get(WORKSPACE_HEADER);
  const authorization = request.headers.get('authorization');
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED', 'Use "Authorization: Bearer <API key>".');
    const { user, key } = await authenticateApiKey(match[1]);
    const workspace = await keyWorkspace(user.id, key, named);
    return owner({ user, method: 'apiKey', actor: `api:${key.prefix}`, scopes: new Set(key.scopes), key, workspace });
  }
  assertNotForged(request);
  const user = await requireUser();
  const workspace = await sessionWorkspace(user.id, request, named);
  return owner({ user, method: 'session', actor: user.id, scopes: new Set(API_SCOPES), key: null, workspace });
}
