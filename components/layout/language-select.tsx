'use client';

import type { Locale } from '@/lib/i18n/routing';
import { LANGUAGE_BUTTON_CLASS, LanguageFlag } from './language-flag';
import type { LanguageOption } from './language-option';
import { useDeferredWidget } from './use-deferred-widget';

const loadListbox = () => import('./language-listbox').then((module) => module.LanguageListbox);

/** Language selector with flags; the list itself loads on first intent. Text comes from SiteHeader. */
export function LanguageSelect({
  locale,
  label,
  languages,
}: {
  locale: Locale;
  label: string;
  languages: LanguageOption[];
}) {
  const { Widget, handoff, triggerProps } = useDeferredWidget(loadListbox);
  if (Widget) return <Widget locale={locale} label={label} languages={languages} {...handoff} />;
  const current = languages.find((option) => option.locale === locale)?.label;
  return (
    <button
      type="button"
      aria-haspopup="listbox"
      aria-expanded={false}
      aria-label={`${label}: ${current}`}
      className={LANGUAGE_BUTTON_CLASS}
      data-language={locale}
      {...triggerProps}
    >
      <LanguageFlag locale={locale} />
      <span className="hidden uppercase sm:inline">{locale}</span>
    </button>
  );
}
