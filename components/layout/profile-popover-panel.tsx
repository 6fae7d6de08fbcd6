'use client';

import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Locale } from '@/lib/i18n/routing';
import { AVATAR_CLASS, AvatarLetter } from './avatar';
import { signOutAndLeave } from './sign-out';
import { PopoverAutoClose } from './popover-auto-close';
import { profileLabel, type ProfileText } from './profile-text';
import type { Handoff } from './use-deferred-widget';
import { openByClick, useHandoff } from './use-handoff';
import type { TSessionUser } from './use-session-user';

const ITEM = 'flex w-full items-center rounded-lg px-3 py-2 text-left font-medium hover:bg-surface-sunken';

/**
 * The header's profile popover: Account, Settings, Admin (admins
 * only) and Logout; same close rules and timing as the apps popover.
 */
export function ProfilePopoverPanel({
  user,
  text,
  locale,
  ...handoff
}: { user: TSessionUser; text: ProfileText; locale: Locale } & Handoff) {
  const button = useHandoff(handoff, openByClick);
  const [leaving, setLeaving] = useState(false);
  const links = text.links.filter((link) => link.key !== 'admin' || user.role === 'ADMIN');

  const logout = async () => {
    setLeaving(true);
    try {
      await signOutAndLeave(locale);
    } catch {
      setLeaving(false);
      toast.error(text.logoutFailed);
    }
  };

  return (
    <Popover className="relative" data-popover-root="">
      <PopoverButton
        ref={button}
        aria-label={profileLabel(text, user.name ?? user.email)}
        className={AVATAR_CLASS}
        data-avatar=""
      >
        <AvatarLetter name={user.name} />
      </PopoverButton>
      <PopoverPanel
        transition
        data-popover="profile"
        className="absolute right-0 z-overlay mt-2 w-64 max-w-[calc(100vw-1.5rem)] min-w-menu origin-top-right rounded-xl border border-surface-border bg-surface-raised p-2 shadow-xl transition ease-out data-closed:scale-95 data-closed:opacity-0 data-enter:duration-[120ms] data-leave:duration-100"
      >
        <PopoverAutoClose />
        <div className="border-b border-surface-border px-3 pt-1 pb-2">
          <p className="text-xs text-ink-muted">{text.signedInAs}</p>
          <p className="truncate font-semibold" title={user.email}>
            {user.email}
          </p>
        </div>
        <ul className="pt-1">
          {links.map((link) => (
            <li key={link.key}>
              {/* Plain <a>: a protected page is not prefetched: the prefetch would start a sign-in nobody asked for. */}
              <a href={link.href} className={ITEM} data-profile-item={link.key}>
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={logout}
              disabled={leaving}
              className={`${ITEM} disabled:opacity-60`}
              data-profile-item="logout"
            >
              {leaving ? text.loggingOut : text.logout}
            </button>
          </li>
        </ul>
      </PopoverPanel>
    </Popover>
  );
}
