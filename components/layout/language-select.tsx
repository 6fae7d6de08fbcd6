'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/routing';
import { LANGUAGE_BUTTON_CLASS, LanguageFlag } from './language-flag';
import { useDeferredWidget } from './use-deferred-widget';

const loadListbox = () => import('./language-listbox').then((module) => module.LanguageListbox);

/** Language selector with flags (SPEC §2); the list itself loads on first intent. */
export function LanguageSelect() {
  const t = useTranslations('common');
  const locale = useLocale() as Locale;
  const { Widget, handoff, triggerProps } = useDeferredWidget(loadListbox);
  if (Widget) return <Widget {...handoff} />;
  return (
    <button
      type="button"
      aria-haspopup="listbox"
      aria-expanded={false}
      aria-label={`${t('language')}: ${t(`languages.${locale}`)}`}
      className={LANGUAGE_BUTTON_CLASS}
      data-language={locale}
      {...triggerProps}
    >
      <LanguageFlag locale={locale} />
      <span className="hidden uppercase sm:inline">{locale}</span>
    </button>
  );
}
