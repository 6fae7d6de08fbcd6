import 'server-only';
import { getEnv } from '@/lib/env';
import { db, type TDbClient } from '@/lib/server/db/client';

/** What a session may still rely on: the user as stored now. */
export type TSessionUser = {
  id: string;
  name: string | null;
  email: string;
  role: 'USER' | 'ADMIN';
  sessionVersion: number;
};

type TSeen = { version: number | null; at: number };

// On globalThis: the proxy and the route handlers are separate bundles in one
// process, and "sign out everywhere" in one must be seen by the other at once.
const holder = globalThis as typeof globalThis & { signetSessionsSeen?: Map<string, TSeen> };
const seen = (holder.signetSessionsSeen ??= new Map());

/** Keeps at most MAX_SEEN users: the oldest answers go first (a Map iterates in insertion order). */
const MAX_SEEN = 10_000;
function remember(uid: string, version: number | null) {
  seen.delete(uid);
  seen.set(uid, { version, at: Date.now() });
  for (const key of seen.keys()) {
    if (seen.size <= MAX_SEEN) break;
    seen.delete(key);
  }
}

/**
 * The user of a session, read from the database now, or null when the user
 * is gone or the session's version is no longer theirs (signed out
 * everywhere, demoted). Cookies from before session versions carry none: 0,
 * the version every user starts with.
 */
export async function loadSessionUser(
  uid: string | undefined,
  version: number | undefined,
  client: TDbClient = db,
): Promise<TSessionUser | null> {
  if (!uid) return null;
  const user = await client.user.findUnique({
    where: { id: uid },
    select: { id: true, name: true, email: true, role: true, sessionVersion: true },
  });
  remember(uid, user?.sessionVersion ?? null);
  return user && user.sessionVersion === (version ?? 0) ? user : null;
}

/**
 * Whether a session cookie may still be honoured, asking the database at
 * most once per SESSION_RECHECK_SECONDS per user and process: what the proxy
 * and `auth()` check on every request. A session thus ends within that
 * interval on every instance when its user is deleted or its version raised.
 */
export async function isSessionCurrent(uid: string | undefined, version: number | undefined): Promise<boolean> {
  if (!uid) return false;
  const known = seen.get(uid);
  if (known && Date.now() - known.at < getEnv().SESSION_RECHECK_SECONDS * 1000) return known.version === (version ?? 0);
  return (await loadSessionUser(uid, version)) !== null;
}

/** Forgets what this process knows of a user's sessions, so the next request asks the database. */
export function forgetSessions(uid: string): void {
  seen.delete(uid);
}
