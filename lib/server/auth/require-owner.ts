import 'server-only';
import { AppError } from '@/lib/errors';
import { authenticateApiKey } from '@/lib/server/api-keys/authenticate-api-key';
import { assertNotForged } from './assert-not-forged';
import { requireUser } from './require-user';

export type TOwner = {
  user: Awaited<ReturnType<typeof requireUser>>;
  method: 'session' | 'apiKey';
  /** Written as the audit event's actor: the user's id, or `api:<key prefix>` for a key. */
  actor: string;
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
    const { user, prefix } = await authenticateApiKey(match[1]);
    return { user, method: 'apiKey', actor: `api:${prefix}` };
  }
  assertNotForged(request);
  const user = await requireUser();
  return { user, method: 'session', actor: user.id };
}
