import { defineRouting } from 'next-intl/routing';

export const locales = ['en', 'pt', 'cs', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/**
 * The original client used `cz` and `sn` for Czech and Spanish. URLs carry
 * BCP 47 codes; the legacy codes are redirected permanently (see proxy.ts).
 */
export const legacyLocaleAliases: Readonly<Record<string, Locale>> = { cz: 'cs', sn: 'es' };

/** The remembered language (next-intl sets it on client navigations). */
export const LOCALE_COOKIE = 'SIGNET_LOCALE';

export const routing = defineRouting({
  locales,
  defaultLocale,
  // `/` is English; `/pt`, `/cs`, `/es` carry their prefix.
  localePrefix: 'as-needed',
  localeCookie: { name: LOCALE_COOKIE, sameSite: 'lax' },
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}
