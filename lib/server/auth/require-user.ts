import 'server-only';
import { headers } from 'next/headers';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { auth } from './auth';

/**
 * The signed-in user, fresh from the database, or UNAUTHORIZED (401) also
 * when the session's version is no longer the user's (signed out
 * everywhere, demoted): checked on every call, not only every few minutes.
 */
export async function requireUser() {
  // A request with an Authorization header is judged by that header alone: its session cookie is
  // ignored, so a cookie never rides along on a request that claims another way in. The routes that
  // call this accept sessions only (API keys work on /api/v1, through requireOwner), so such a request is not signed in.
  if ((await headers()).has('authorization')) {
    throw new AppError(
      'UNAUTHORIZED',
      'The Authorization header is not accepted here (no API key authenticates it); sign in instead.',
    );
  }
  const session = await auth();
  const id = session?.user?.id;
  const user = id ? await db.user.findUnique({ where: { id } }) : null;
  if (!user || user.sessionVersion !== (session?.sessionVersion ?? 0))
    throw new AppError('UNAUTHORIZED', 'Sign in to use this.');
  return user;
}

/**
 * How a request authenticated. Only the session cookie exists today; API keys
 * will add 'apiKey' (checked where requireUser refuses an Authorization
 * header), and only a request an API key authenticated is exempt from the
 * anti-forgery check (lib/auth/xsrf.ts).
 */
export type TAuthMethod = 'session';

/** The signed-in user and how they authenticated; or UNAUTHORIZED (401). */
export async function requireAuthentication(): Promise<{
  user: Awaited<ReturnType<typeof requireUser>>;
  method: TAuthMethod;
}> {
  return { user: await requireUser(), method: 'session' };
}

/** The signed-in administrator, or FORBIDDEN (403) for anyone else signed in. */
export async function requireAdmin() {
  const user = await requireUser();
  if (user.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'Only administrators may do this.');
  return user;
}

/** The signed-in user for a page, or null (the proxy already sent signed-out visitors to sign-in). */
export async function currentUser() {
  try {
    return await requireUser();
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
