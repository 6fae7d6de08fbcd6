import type { Locale } from '@/lib/i18n/routing';

/** Flag file per locale (public/flags); Czech uses the country code cz. */
const FLAGS: Record<Locale, string> = { en: 'gb', pt: 'pt', cs: 'cz', es: 'es' };

export function LanguageFlag({ locale }: { locale: Locale }) {
  // A plain <img>: these are tiny static SVGs, and next/image would add ~10 kB of client JS to the header.
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={`/flags/${FLAGS[locale]}.svg`}
      alt=""
      width={24}
      height={16}
      className="h-4 w-6 rounded-xs object-cover shadow-sm"
    />
  );
}

/** Shared by the placeholder trigger and the real Listbox button, so the swap is invisible. */
export const LANGUAGE_BUTTON_CLASS =
  'inline-flex h-10 items-center gap-2 rounded-lg px-2 text-sm font-medium text-ink-muted transition hover:bg-surface-sunken hover:text-ink data-open:bg-surface-sunken';
