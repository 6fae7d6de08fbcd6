'use client';

import type { Locale } from '@/lib/i18n/routing';
import { ProfileMenu } from './profile-menu';
import type { ProfileText } from './profile-text';
import { useSessionUser } from './use-session-user';

/**
 * Right end of the header: "Sign In" while signed out (also what
 * the static page renders), the avatar with the profile popover once the
 * session says someone is signed in.
 */
export function HeaderAccount({
  signInHref,
  signInLabel,
  profile,
  locale,
}: {
  signInHref: string;
  signInLabel: string;
  profile: ProfileText;
  locale: Locale;
}) {
  const user = useSessionUser();
  if (user) return <ProfileMenu user={user} text={profile} locale={locale} />;
  return (
    // Plain <a>: a prefetch of the sign-in flow would start one nobody asked for. Invisible while
    // the boot script's hint says a session is probably there (session-hint.ts).
    <a
      href={signInHref}
      className="ml-1 [[data-session-hint=in]_&]:invisible rounded-lg bg-primary-700 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white transition hover:bg-primary-800 sm:px-4"
    >
      {signInLabel}
    </a>
  );
}
