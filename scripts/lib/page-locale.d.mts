import type { LocaleOutcome } from './page-cache.mjs';

export declare function createLocaleOutcome(routing: {
  locales: readonly string[];
  defaultLocale: string;
}): LocaleOutcome;
