'use client';

import type { Locale } from '@/lib/i18n/routing';
import { AVATAR_CLASS, AvatarLetter } from './avatar';
import { profileLabel, type ProfileText } from './profile-text';
import type { TSessionUser } from './use-session-user';
import { useDeferredWidget } from './use-deferred-widget';

const loadPanel = () => import('./profile-popover-panel').then((module) => module.ProfilePopoverPanel);

/** The avatar; the popover (Headless UI) loads on the first sign of intent, like the apps menu. */
export function ProfileMenu({ user, text, locale }: { user: TSessionUser; text: ProfileText; locale: Locale }) {
  const { Widget, handoff, triggerProps } = useDeferredWidget(loadPanel);
  if (Widget) return <Widget user={user} text={text} locale={locale} {...handoff} />;
  return (
    <button
      type="button"
      aria-label={profileLabel(text, user.name ?? user.email)}
      aria-expanded={false}
      className={AVATAR_CLASS}
      data-avatar=""
      {...triggerProps}
    >
      <AvatarLetter name={user.name} />
    </button>
  );
}
