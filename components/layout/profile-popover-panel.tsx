'use client';

import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/http/api-fetch';
import { getPathname } from '@/lib/i18n/navigation';
import { AVATAR_CLASS, AvatarLetter } from './avatar';
import { settleSessionHint } from './session-hint';
import { PopoverAutoClose } from './popover-auto-close';
import type { Handoff } from './use-deferred-widget';
import { openByClick, useHandoff } from './use-handoff';
import type { TSessionUser } from './use-session-user';

const ITEM = 'flex w-full items-center rounded-lg px-3 py-2 text-left font-medium hover:bg-surface-sunken';

/**
 * The profile popover (SPEC §2 Header): Account, Settings, Admin (admins
 * only) and Logout; same close rules and timing as the apps popover.
 */
export function ProfilePopoverPanel({ user, ...handoff }: { user: TSessionUser } & Handoff) {
  const t = useTranslations('auth.menu');
  const locale = useLocale();
  const button = useHandoff(handoff, openByClick);
  const [leaving, setLeaving] = useState(false);
  const links = [
    { key: 'account', href: '/account' },
    { key: 'settings', href: '/settings' },
    ...(user.role === 'ADMIN' ? [{ key: 'admin', href: '/admin' }] : []),
  ] as const;

  const logout = async () => {
    setLeaving(true);
    try {
      const response = await apiFetch('/api/auth/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ locale }),
      });
      const body = (await response.json()) as { redirect?: string };
      if (!response.ok || !body.redirect) throw new Error(String(response.status));
      settleSessionHint(false);
      window.location.assign(body.redirect);
    } catch {
      setLeaving(false);
      toast.error(t('logoutFailed'));
    }
  };

  return (
    <Popover className="relative" data-popover-root="">
      <PopoverButton ref={button} aria-label={t('label', { name: user.name ?? user.email })} className={AVATAR_CLASS} data-avatar="">
        <AvatarLetter name={user.name} />
      </PopoverButton>
      <PopoverPanel
        transition
        data-popover="profile"
        className="absolute right-0 z-overlay mt-2 w-64 max-w-[calc(100vw-1.5rem)] min-w-menu origin-top-right rounded-xl border border-surface-border bg-surface-raised p-2 shadow-xl transition ease-out data-closed:scale-95 data-closed:opacity-0 data-enter:duration-[120ms] data-leave:duration-100"
      >
        <PopoverAutoClose />
        <div className="border-b border-surface-border px-3 pt-1 pb-2">
          <p className="text-xs text-ink-muted">{t('signedInAs')}</p>
          <p className="truncate font-semibold" title={user.email}>{user.email}</p>
        </div>
        <ul className="pt-1">
          {links.map((link) => (
            <li key={link.key}>
              {/* Plain <a>: protected pages are not prefetched (DESIGN §11). */}
              <a href={getPathname({ href: link.href, locale })} className={ITEM} data-profile-item={link.key}>
                {t(link.key)}
              </a>
            </li>
          ))}
          <li>
            <button type="button" onClick={logout} disabled={leaving} className={`${ITEM} disabled:opacity-60`} data-profile-item="logout">
              {leaving ? t('loggingOut') : t('logout')}
            </button>
          </li>
        </ul>
      </PopoverPanel>
    </Popover>
  );
}
