'use client';

import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { type TUploadSource, UPLOAD_SOURCES } from '@/lib/upload/upload-source';

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-ink-muted" fill="currentColor">
      <path
        fillRule="evenodd"
        d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** The upload-source dropdown of the upload panel: at least 235 px wide, the current source preselected. */
export function UploadSourceListbox({
  value,
  onChange,
}: {
  value: TUploadSource;
  onChange: (source: TUploadSource) => void;
}) {
  const t = useTranslations('auth.upload');
  return (
    <Field className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Label className="font-semibold">{t('sourceLabel')}</Label>
      <Listbox value={value} onChange={onChange}>
        <ListboxButton
          data-upload-source={value}
          className="flex min-w-upload max-w-full items-center justify-between gap-3 rounded-lg border border-surface-border bg-surface-raised px-4 py-2.5 text-left shadow-sm hover:bg-surface-sunken"
        >
          <span className="truncate">{t(`sources.${value}`)}</span>
          <Chevron />
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 8 }}
          transition
          className="z-overlay min-w-upload rounded-xl border border-surface-border bg-surface-raised p-1 text-ink shadow-xl transition ease-out [--anchor-max-width:calc(100vw-2rem)] focus:outline-none data-closed:scale-95 data-closed:opacity-0 data-enter:duration-[120ms] data-leave:duration-100"
        >
          {UPLOAD_SOURCES.map((source) => (
            <ListboxOption
              key={source}
              value={source}
              className="cursor-pointer rounded-lg px-3 py-2 data-focus:bg-surface-sunken data-selected:font-semibold"
            >
              {t(`sources.${source}`)}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
