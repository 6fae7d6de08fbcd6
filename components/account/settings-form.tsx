'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { settleSessionHint } from '@/components/layout/session-hint';
import { chooseTheme, readThemeChoice, subscribeTheme } from '@/components/theme/theme-toggle';
import { isThemeChoice, themeChoices, type ThemeChoice } from '@/components/theme/theme';
import { apiFetch } from '@/lib/http/api-fetch';
import { getPathname } from '@/lib/i18n/navigation';
import { locales, type Locale } from '@/lib/i18n/routing';

const FIELD = 'mt-1 block w-full rounded-md border border-surface-border bg-surface-raised px-2 py-3 text-ink';

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; reason: string };

/** Name and language go to the account (PATCH /api/me); the theme stays on this device. */
export function SettingsForm({ initial }: { initial: { name: string; locale: Locale } }) {
  const t = useTranslations('auth.settings');
  const common = useTranslations('common');
  const current = useLocale();
  const [name, setName] = useState(initial.name);
  const [locale, setLocale] = useState<Locale>(initial.locale);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const theme = useSyncExternalStore(subscribeTheme, readThemeChoice, () => 'system' as ThemeChoice);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setStatus({ kind: 'failed', reason: t('nameRequired') });
    setStatus({ kind: 'saving' });
    try {
      const response = await apiFetch('/api/me', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, locale }),
      });
      if (!response.ok) {
        const problem = (await response.json().catch(() => ({}))) as { title?: string };
        return setStatus({ kind: 'failed', reason: problem.title ?? String(response.status) });
      }
      setStatus({ kind: 'saved' });
      // The chosen language applies at once: the same page in that language.
      if (locale !== current) window.location.assign(getPathname({ href: '/settings', locale }));
    } catch {
      setStatus({ kind: 'failed', reason: t('offline') });
    }
  };

  return (
    <form
      onSubmit={save}
      noValidate
      className="max-w-lg space-y-6 rounded-xl border border-surface-border bg-surface-raised p-5 sm:p-6"
    >
      <div>
        <label htmlFor="settings-name" className="font-semibold">
          {t('name')}
        </label>
        <input
          id="settings-name"
          name="name"
          value={name}
          maxLength={100}
          required
          autoComplete="nickname"
          onChange={(e) => setName(e.target.value)}
          className={FIELD}
        />
      </div>
      <div>
        <label htmlFor="settings-locale" className="font-semibold">
          {t('locale')}
        </label>
        <select
          id="settings-locale"
          name="locale"
          value={locale}
          onChange={(e) => setLocale(e.target.value as Locale)}
          className={FIELD}
        >
          {locales.map((code) => (
            <option key={code} value={code}>
              {common(`languages.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="font-semibold">{t('theme')}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {themeChoices.map((choice) => (
            <label key={choice} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name="theme"
                value={choice}
                checked={theme === choice}
                onChange={(e) => isThemeChoice(e.target.value) && chooseTheme(e.target.value)}
                className="h-4 w-4 accent-primary-700"
              />
              {common(`theme.${choice}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          disabled={status.kind === 'saving'}
          className="rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
        >
          {status.kind === 'saving' ? t('saving') : t('save')}
        </button>
        <p role="status" className="text-sm font-medium">
          {status.kind === 'saved' ? t('saved') : null}
          {status.kind === 'failed' ? (
            <span className="text-danger-700 dark:text-danger-300">{t('failed', { reason: status.reason })}</span>
          ) : null}
        </p>
      </div>
    </form>
  );
}

/**
 * "Sign out everywhere": ends this user's sessions in every
 * browser (the server raises their session version), then logs out here the
 * usual way, through the provider's logout.
 */
export function SignOutEverywhere() {
  const t = useTranslations('auth.settings.everywhere');
  const locale = useLocale();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const signOutEverywhere = async () => {
    setState('busy');
    try {
      const response = await apiFetch('/api/auth/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ locale, everywhere: true }),
      });
      const body = (await response.json()) as { redirect?: string };
      if (!response.ok || !body.redirect) throw new Error(String(response.status));
      settleSessionHint(false);
      window.location.assign(body.redirect);
    } catch {
      setState('failed');
    }
  };

  return (
    <section
      aria-labelledby="sign-out-everywhere"
      className="mt-8 max-w-lg space-y-3 rounded-xl border border-surface-border bg-surface-raised p-5 sm:p-6"
    >
      <h2 id="sign-out-everywhere" className="font-semibold">
        {t('title')}
      </h2>
      <p className="text-ink-muted">{t('lead')}</p>
      <p className="text-ink-muted">{t('keys')}</p>
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          onClick={signOutEverywhere}
          disabled={state === 'busy'}
          className="rounded-lg border border-danger-700 px-5 py-2.5 font-semibold text-danger-800 hover:bg-danger-50 disabled:opacity-60 dark:border-danger-300 dark:text-danger-200 dark:hover:bg-danger-950"
        >
          {state === 'busy' ? t('busy') : t('button')}
        </button>
        {state === 'failed' ? (
          <p role="alert" className="text-sm font-medium text-danger-700 dark:text-danger-300">
            {t('failed')}
          </p>
        ) : null}
      </div>
    </section>
  );
}
