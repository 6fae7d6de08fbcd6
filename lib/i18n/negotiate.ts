import { defaultLocale, isLocale, legacyLocaleAliases, type Locale } from './routing';

/** Picks our best locale for an Accept-Language header (q-values honoured). */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return defaultLocale;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0] ?? '';
    const candidate = legacyLocaleAliases[primary] ?? primary;
    if (isLocale(candidate)) return candidate;
  }
  return defaultLocale;
}
