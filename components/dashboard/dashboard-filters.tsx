'use client';

import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { documentStatuses, type TDocumentStatus } from '@/lib/api/v1/enums';

type Props = {
  text: string;
  onText: (text: string) => void;
  status: TDocumentStatus | null;
  onStatus: (status: TDocumentStatus | null) => void;
};

const CONTROL = 'block w-full rounded-lg border border-surface-border bg-surface-raised px-3 py-2.5 text-ink';

/** Search by name and the status filter (a Headless UI Listbox: arrows, type-ahead, Escape). */
export function DashboardFilters({ text, onText, status, onStatus }: Props) {
  const t = useTranslations('dashboard.filters');
  const statuses = useTranslations('dashboard.statuses');
  const label = (value: TDocumentStatus | null) => (value ? statuses(value) : t('allStatuses'));
  return (
    <div role="search" className="mb-6 grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
      <div>
        <label htmlFor="dashboard-search" className="sr-only">
          {t('search')}
        </label>
        <input
          id="dashboard-search"
          type="search"
          value={text}
          maxLength={200}
          placeholder={t('searchPlaceholder')}
          onChange={(event) => onText(event.target.value)}
          className={CONTROL}
        />
      </div>
      <Listbox value={status} onChange={onStatus}>
        <div className="relative">
          <ListboxButton
            aria-label={`${t('status')}: ${label(status)}`}
            className={`${CONTROL} flex items-center justify-between gap-2 text-left`}
          >
            <span className="truncate">{label(status)}</span>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-ink-muted" fill="currentColor">
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
            </svg>
          </ListboxButton>
          {/* Placed by CSS rather than anchored (anchoring portals it out of the main landmark). */}
          <ListboxOptions
            modal={false}
            className="absolute inset-x-0 top-full z-overlay mt-1 rounded-lg border border-surface-border bg-surface-raised py-1 text-ink shadow-lg focus:outline-none"
          >
            {[null, ...documentStatuses].map((value) => (
              <ListboxOption
                key={value ?? 'all'}
                value={value}
                className="flex cursor-default items-center justify-between gap-2 px-3 py-2 data-focus:bg-surface-sunken data-selected:font-semibold"
              >
                {label(value)}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="invisible h-4 w-4 in-data-selected:visible"
                  fill="currentColor"
                >
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                </svg>
              </ListboxOption>
            ))}
          </ListboxOptions>
        </div>
      </Listbox>
    </div>
  );
}
