import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Account, Profile } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import { mapClaims } from '@/lib/auth/map-claims';
import { db } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { refreshTokens } from './token-requests';
import { upsertUser } from './upsert-user';

/** SPEC §9: refresh once this share of the access token's lifetime has passed. */
export const REFRESH_FACTOR = 0.75;

/**
 * Refreshing rotates the provider's refresh token, so it may only happen
 * where the new cookie is written back: the session endpoint runs inside
 * this context; a page's `auth()` (which cannot set cookies) does not.
 */
export const refreshContext = new AsyncLocalStorage<true>();

export function refreshDueAt(token: Pick<JWT, 'issuedAt' | 'expiresAt'>): number | undefined {
  if (!token.expiresAt || !token.issuedAt) return undefined;
  return token.issuedAt + REFRESH_FACTOR * (token.expiresAt - token.issuedAt);
}

/** The session token right after a successful sign-in: our user, and the provider's tokens. */
export async function tokenAfterSignIn(account: Account, profile: Profile): Promise<JWT> {
  const claims = mapClaims(profile as Record<string, unknown>);
  // signIn() refuses such profiles before this point; keep the check for safety.
  if (!claims) throw new Error('identity claims without an email address');
  const user = await upsertUser(claims);
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: user.id,
    uid: user.id,
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

/** Name and role as stored now (Settings or an admin may have changed them); null when the user is gone. */
async function withCurrentUser(token: JWT): Promise<JWT | null> {
  if (!token.uid) return null;
  const user = await db.user.findUnique({ where: { id: token.uid }, select: { name: true, email: true, role: true } });
  return user ? { ...token, name: user.name, email: user.email, role: user.role } : null;
}

/**
 * The token on later requests: refreshed silently once due. A refresh error,
 * or an access token expired with no way to refresh, ends the session
 * (null clears the cookie), without an error page (SPEC §4 Session).
 */
export async function tokenOnRequest(token: JWT): Promise<JWT | null> {
  // Pages read the user from the database themselves; the session endpoint brings the cookie up to date.
  if (!refreshContext.getStore()) return token;
  const current = await withCurrentUser(token);
  if (!current) return null;
  token = current;
  const now = Math.floor(Date.now() / 1000);
  const due = refreshDueAt(token);
  if (due === undefined || now < due) return token;
  if (!token.refreshToken) return token.expiresAt && now >= token.expiresAt ? null : token;
  try {
    const refreshed = await refreshTokens(token.refreshToken);
    return { ...token, ...refreshed, idToken: refreshed.idToken ?? token.idToken, issuedAt: now };
  } catch (error) {
    logger.warn('token refresh failed; signing the user out', { reason: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
