import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { SESSION_ENDED_COOKIE, sessionEndedPath } from '@/lib/auth/session-ended';
import { isSessionCookieName } from '@/lib/auth/xsrf';
import { currentUser } from './require-user';

/**
 * The signed-in user for a protected page. The proxy already sends
 * signed-out visitors to sign-in; this covers a session that ended since
 * (user deleted, signed out everywhere, demoted), which the page explains,
 * and a visitor without any session, sent through sign-in back to `path`.
 */
export async function pageUser(path: string) {
  const user = await currentUser();
  if (user) return user;
  const hadSession = (await cookies())
    .getAll()
    .some(({ name }) => isSessionCookieName(name) || name === SESSION_ENDED_COOKIE);
  redirect(hadSession ? sessionEndedPath(path) : `/api/auth/login?${new URLSearchParams({ callbackUrl: path })}`);
}
