'use client';

import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { NextIntlClientProvider } from 'next-intl';
import { useTransition } from 'react';
import { getPathname, usePathname, useRouter } from '@/lib/i18n/navigation';
import { localeCookieString } from '@/lib/i18n/locale-cookie';
import type { Locale } from '@/lib/i18n/routing';
import { LANGUAGE_BUTTON_CLASS, LanguageFlag } from './language-flag';
import type { LanguageOption } from './language-option';
import type { Handoff } from './use-deferred-widget';
import { openByArrowDown, useHandoff } from './use-handoff';

type Props = { locale: Locale; label: string; languages: LanguageOption[] } & Handoff;

/**
 * The language list: current language preselected; switching keeps
 * the page, its query and its #fragment. Loaded on intent by LanguageSelect.
 * It switches with next-intl's router (localized address, locale cookie),
 * which reads the locale from next-intl's context; public pages have no
 * provider (their text comes as props), so this chunk brings its own.
 */
export function LanguageListbox(props: Props) {
  return (
    <NextIntlClientProvider locale={props.locale}>
      <Languages {...props} />
    </NextIntlClientProvider>
  );
}

function Languages({ locale, label, languages, ...handoff }: Props) {
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const button = useHandoff(handoff, openByArrowDown);

  const change = (next: Locale) => {
    if (next === locale) return;
    const { search, hash } = window.location;
    if (document.querySelector('[data-not-found]')) {
      // Next turns a client navigation that answers 404 into a full page load of the
      // address without its #fragment; on the not-found page, make that load ourselves.
      document.cookie = localeCookieString(next);
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- the router is what loses the fragment here
      window.location.assign(`${getPathname({ href: pathname, locale: next })}${search}${hash}`);
      return;
    }
    startTransition(() => {
      router.replace(`${pathname}${search}${hash}`, { locale: next, scroll: false });
    });
  };

  return (
    <Listbox value={locale} onChange={change} disabled={pending}>
      <div className="relative">
        <ListboxButton
          ref={button}
          aria-label={`${label}: ${languages.find((option) => option.locale === locale)?.label}`}
          className={LANGUAGE_BUTTON_CLASS}
          data-language={locale}
        >
          <LanguageFlag locale={locale} />
          <span className="hidden uppercase sm:inline">{locale}</span>
        </ListboxButton>
        <ListboxOptions
          transition
          className="absolute right-0 z-overlay mt-2 min-w-menu origin-top-right rounded-xl border border-surface-border bg-surface-raised p-1 shadow-xl transition ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0 data-enter:duration-[120ms] data-leave:duration-100"
        >
          {languages.map((option) => (
            <ListboxOption
              key={option.locale}
              value={option.locale}
              lang={option.locale}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 data-focus:bg-surface-sunken data-selected:font-semibold"
            >
              <LanguageFlag locale={option.locale} />
              {option.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </div>
    </Listbox>
  );
}
