import type { Locale } from '@/lib/i18n/routing';

/** One choice of the language list, its name in its own language (common.languages). */
export type LanguageOption = { locale: Locale; label: string };
