import { useLocale, useTranslations } from 'next-intl';
import { LanguageSelect } from '@/components/layout/language-select';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { locales, type Locale } from '@/lib/i18n/routing';

/**
 * The signer's header: the brand, the language and the theme, nothing to
 * wander off to (a signer has no account and one thing to do here).
 */
export function SigningHeader() {
  const t = useTranslations('common');
  const locale = useLocale() as Locale;
  const languages = locales.map((code) => ({ locale: code, label: t(`languages.${code}`) }));
  return (
    <header className="sticky top-0 z-30 border-b border-surface-border bg-surface-raised">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-2 px-3 sm:px-4">
        <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-primary-700 dark:text-primary-300">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M3 18c3-1 4-10 6-10s-1 10 1 10 3-6 4-6 0 4 2 4 3-2 5-2" />
          </svg>
          {t('brand')}
        </span>
        <div className="flex items-center gap-1">
          <LanguageSelect locale={locale} label={t('language')} languages={languages} />
          <ThemeToggle
            text={{
              label: t('theme.label'),
              system: t('theme.system'),
              light: t('theme.light'),
              dark: t('theme.dark'),
            }}
          />
        </div>
      </div>
    </header>
  );
}
