import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Account } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import { db } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import type { TProviderIdentity } from './sign-in-identity';
import { refreshOnce } from './refresh-once';
import { isSessionCurrent, loadSessionUser } from './session-check';

/** Refresh once this share of the access token's lifetime has passed (README, Sign-in): well before it expires. */
export const REFRESH_FACTOR = 0.75;

/**
 * Refreshing rotates the provider's refresh token, so it may only happen
 * where the new cookie is written back: the session endpoint runs inside
 * this context; a page's `auth()` (which cannot set cookies) does not.
 * `endedElsewhere` is set when the session ends because its user is gone or
 * its version is stale (not when a refresh fails): the endpoint then leaves
 * the marker the next page explains (lib/auth/session-ended.ts).
 */
export const refreshContext = new AsyncLocalStorage<{ endedElsewhere: boolean }>();

export function refreshDueAt(token: Pick<JWT, 'issuedAt' | 'expiresAt'>): number | undefined {
  if (!token.expiresAt || !token.issuedAt) return undefined;
  return token.issuedAt + REFRESH_FACTOR * (token.expiresAt - token.issuedAt);
}

/**
 * The session token right after a successful sign-in: the user the signIn
 * callback (signInIdentity) found or created for this identity, the
 * version of their sessions, and the provider's tokens.
 */
export async function tokenAfterSignIn(account: Account, identity: TProviderIdentity): Promise<JWT> {
  const linked = await db.userIdentity.findUnique({ where: { issuer_subject: identity }, include: { user: true } });
  if (!linked) throw new Error('signed in without a linked account');
  const { user } = linked;
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: user.id,
    uid: user.id,
    sv: user.sessionVersion,
    name: user.name,
    email: user.email,
    role: user.role,
    accessToken: account.access_token,
    refreshToken: account.refresh_token,
    idToken: account.id_token,
    expiresAt: account.expires_at,
    issuedAt: now,
  };
}

/**
 * The token on later requests. Everywhere, a session whose user is gone or
 * whose version is stale ends (null clears the cookie where it can be
 * written), checked against the database at least every
 * SESSION_RECHECK_SECONDS. The session endpoint also brings name and role up
 * to date and refreshes silently once due; a refresh error, or an access
 * token expired with no way to refresh, ends the session without an error
 * page: the visitor is simply signed out.
 */
export async function tokenOnRequest(token: JWT): Promise<JWT | null> {
  if (!refreshContext.getStore()) return (await isSessionCurrent(token.uid, token.sv)) ? token : null;
  const current = await loadSessionUser(token.uid, token.sv);
  if (!current) {
    refreshContext.getStore()!.endedElsewhere = true;
    return null;
  }
  token = { ...token, name: current.name, email: current.email, role: current.role };
  const now = Math.floor(Date.now() / 1000);
  const due = refreshDueAt(token);
  if (due === undefined || now < due) return token;
  if (!token.refreshToken) return token.expiresAt && now >= token.expiresAt ? null : token;
  try {
    const refreshed = await refreshOnce(current.id, {
      refreshToken: token.refreshToken,
      accessToken: token.accessToken,
    });
    return { ...token, ...refreshed, idToken: refreshed.idToken ?? token.idToken, issuedAt: now };
  } catch (error) {
    logger.warn('token refresh failed; signing the user out', {
      reason: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
