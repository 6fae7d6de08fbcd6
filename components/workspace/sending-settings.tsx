'use client';

import { useTranslations } from 'next-intl';
import { mailLocales, signingOrders } from '@/lib/api/v1/enums';
import type { TSendingSettings } from '@/lib/workspace/settings-form';
import { INPUT, LABEL } from './field-settings';
import { useWorkspace } from './use-workspace-state';

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** Signing order, message, expiry, reminders and the mail language (PATCH …/documents/{id} as the owner types). */
export function SendingSettings() {
  const t = useTranslations('workspace');
  const { settings, setSettings, save } = useWorkspace();
  const set = (patch: Partial<TSendingSettings>) => setSettings((current) => ({ ...current, ...patch }));
  const error = (path: string) => {
    const messages = save.errors.settings.get(path);
    return messages ? (
      <p id={`settings-${path}-error`} className="mt-1 text-sm text-danger-700 dark:text-danger-300">
        {messages.join(' ')}
      </p>
    ) : null;
  };
  const described = (path: string) => (save.errors.settings.has(path) ? `settings-${path}-error` : undefined);
  return (
    <section aria-labelledby="sending-title" data-tour="sending-settings" className="space-y-4">
      <h2 id="sending-title" data-panel-heading="" className="font-semibold">
        {t('sending')}
      </h2>
      <fieldset>
        <legend className={LABEL}>{t('signingOrder')}</legend>
        <div className="mt-1 space-y-1">
          {signingOrders.map((order) => (
            <label key={order} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="signing-order"
                value={order}
                checked={settings.signingOrder === order}
                onChange={() => set({ signingOrder: order })}
                className="mt-0.5 h-4 w-4 accent-primary-700"
              />
              <span>
                <span className="font-medium">{t(`orders.${order}`)}</span>
                <span className="block text-xs text-ink-muted">{t(`orderHints.${order}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="settings-message" className={LABEL}>
          {t('message')}
        </label>
        <textarea
          id="settings-message"
          rows={3}
          maxLength={2000}
          value={settings.message}
          aria-describedby={described('message')}
          onChange={(event) => set({ message: event.target.value })}
          className={INPUT}
        />
        {error('message')}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor="settings-expires" className={LABEL}>
            {t('expiresOn')}
          </label>
          <input
            id="settings-expires"
            type="date"
            min={today()}
            value={settings.expiresOn}
            aria-describedby={described('expiresAt')}
            onChange={(event) => set({ expiresOn: event.target.value })}
            className={INPUT}
          />
          {error('expiresAt')}
        </div>
        <div>
          <label htmlFor="settings-reminders" className={LABEL}>
            {t('reminderDays')}
          </label>
          <input
            id="settings-reminders"
            type="number"
            min={1}
            max={30}
            step={1}
            inputMode="numeric"
            placeholder={t('never')}
            value={settings.reminderDays}
            aria-describedby={described('reminderDays')}
            onChange={(event) => set({ reminderDays: event.target.value })}
            className={INPUT}
          />
          {error('reminderDays')}
        </div>
      </div>
      <div>
        <label htmlFor="settings-locale" className={LABEL}>
          {t('mailLocale')}
        </label>
        <select
          id="settings-locale"
          value={settings.locale}
          onChange={(event) => set({ locale: event.target.value as TSendingSettings['locale'] })}
          className={INPUT}
        >
          <option value="">{t('mailLocaleDefault')}</option>
          {mailLocales.map((locale) => (
            <option key={locale} value={locale}>
              {t(`locales.${locale}`)}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
