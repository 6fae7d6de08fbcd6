import 'server-only';
import { redirect } from 'next/navigation';
import { currentUser } from './require-user';

/**
 * The signed-in user for a protected page. The proxy already sends
 * signed-out visitors to sign-in; this covers a session whose user no
 * longer exists, by the same way back to `path`.
 */
export async function pageUser(path: string) {
  const user = await currentUser();
  if (!user) redirect(`/api/auth/login?${new URLSearchParams({ callbackUrl: path })}`);
  return user;
}
