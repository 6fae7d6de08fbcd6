'use client';

import { useTranslations } from 'next-intl';
import { AVATAR_CLASS, AvatarLetter } from './avatar';
import type { TSessionUser } from './use-session-user';
import { useDeferredWidget } from './use-deferred-widget';

const loadPanel = () => import('./profile-popover-panel').then((module) => module.ProfilePopoverPanel);

/** The avatar; the popover (Headless UI) loads on the first sign of intent, like the apps menu. */
export function ProfileMenu({ user }: { user: TSessionUser }) {
  const t = useTranslations('auth.menu');
  const { Widget, handoff, triggerProps } = useDeferredWidget(loadPanel);
  if (Widget) return <Widget user={user} {...handoff} />;
  return (
    <button type="button" aria-label={t('label', { name: user.name ?? user.email })} aria-expanded={false} className={AVATAR_CLASS} data-avatar="" {...triggerProps}>
      <AvatarLetter name={user.name} />
    </button>
  );
}
