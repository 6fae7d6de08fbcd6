'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

type Props = {
  /** The index of the panel shown, or null when the sheet is closed. */
  open: number | null;
  onOpen: (index: number | null) => void;
  labels: string[];
  /** data-tour ids of the bar's buttons, for the guided tour to point at where a panel opens. */
  tourIds?: string[];
  closeLabel: string;
  children: ReactNode;
};

/**
 * On a phone the panels live in a bottom sheet: a bar of buttons fixed at the
 * bottom of the screen opens one panel at a time over the lower part of the
 * page (Headless UI Dialog: focus kept inside, Escape closes); the pages stay
 * visible above it.
 */
export function MobileSheet({ open, onOpen, labels, tourIds, closeLabel, children }: Props) {
  return (
    <>
      <nav
        aria-label={labels.join(', ')}
        className="fixed inset-x-0 bottom-0 z-overlay border-t border-surface-border bg-surface-raised px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.08)]"
      >
        <ul className="grid grid-cols-4 gap-1">
          {labels.map((label, index) => (
            <li key={label}>
              <button
                type="button"
                onClick={() => onOpen(index)}
                data-tour={tourIds?.[index]}
                aria-expanded={open === index}
                className={`w-full rounded-lg px-1 py-2.5 text-sm font-semibold ${index === labels.length - 1 ? 'bg-primary-700 text-white' : 'text-ink hover:bg-surface-sunken'}`}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <Dialog open={open !== null} onClose={() => onOpen(null)} className="relative z-modal">
        <div className="fixed inset-0 bg-black/20" aria-hidden="true" />
        <div className="fixed inset-x-0 bottom-0 flex max-h-[75dvh]">
          <DialogPanel className="flex w-full flex-col rounded-t-2xl border-t border-surface-border bg-surface-raised shadow-2xl">
            <div className="flex items-center justify-between border-b border-surface-border px-4 py-2">
              <DialogTitle className="font-semibold">{open === null ? '' : labels[open]}</DialogTitle>
              <button
                type="button"
                onClick={() => onOpen(null)}
                aria-label={closeLabel}
                className="rounded p-2 hover:bg-surface-sunken"
              >
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="h-5 w-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </div>
            {/* The sheet's title already names the panel: the panel's own heading (data-panel-heading) is not shown again under it. */}
            <div className="overflow-y-auto overscroll-contain px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] [&_[data-panel-heading]]:hidden">
              {children}
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
