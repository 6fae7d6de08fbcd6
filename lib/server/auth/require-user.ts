import 'server-only';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { auth } from './auth';

/**
 * The signed-in user, fresh from the database, or UNAUTHORIZED (401) also
 * when the session's version is no longer the user's (signed out
 * everywhere, demoted): checked on every call, not only every few minutes.
 */
export async function requireUser() {
  const session = await auth();
  const id = session?.user?.id;
  const user = id ? await db.user.findUnique({ where: { id } }) : null;
  if (!user || user.sessionVersion !== (session?.sessionVersion ?? 0)) throw new AppError('UNAUTHORIZED', 'Sign in to use this.');
  return user;
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
