import 'server-only';
import { API_SCOPES, type TApiScope } from '@/lib/api/v1/api-keys';
import { AppError } from '@/lib/errors';
import { authenticateApiKey, type TAuthenticatedKey } from '@/lib/server/api-keys/authenticate-api-key';
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
};

/**
 * Who calls a v1 owner endpoint. A request with an Authorization header is
 * judged by it alone (a Bearer API key; the session cookie is ignored, so a
 * cookie never rides along on it, and it needs no anti-forgery header). Any
 * other request needs the session cookie and, on unsafe methods, the
 * X-XSRF-TOKEN header (the proxy leaves /api/v1 to this check).
 */
export async function requireOwner(request: Request): Promise<TOwner> {
  const authorization = request.headers.get('authorization');
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED', 'Use "Authorization: Bearer <API key>".');
    const { user, key } = await authenticateApiKey(match[1]);
    return { user, method: 'apiKey', actor: `api:${key.prefix}`, scopes: new Set(key.scopes), key };
  }
  assertNotForged(request);
  const user = await requireUser();
  return { user, method: 'session', actor: user.id, scopes: new Set(API_SCOPES), key: null };
}
