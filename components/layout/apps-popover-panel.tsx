'use client';

import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { APPS_BUTTON_CLASS, AppsIcon } from './apps-icon';
import type { AppsText, LabelledAppLink } from './apps-links';
import { PopoverAutoClose } from './popover-auto-close';
import type { Handoff } from './use-deferred-widget';
import { openByClick, useHandoff } from './use-handoff';

/**
 * The header's products popover: closes on outside click and Escape
 * (Headless UI), on resize and scroll (PopoverAutoClose); 0.12 s in, 0.1 s out.
 */
export function AppsPopoverPanel({ apps, text, ...handoff }: { apps: LabelledAppLink[]; text: AppsText } & Handoff) {
  const button = useHandoff(handoff, openByClick);
  return (
    <Popover className="relative" data-popover-root="">
      <PopoverButton ref={button} aria-label={text.label} className={APPS_BUTTON_CLASS}>
        <AppsIcon />
      </PopoverButton>
      <PopoverPanel
        transition
        data-popover="apps"
        className="absolute right-0 z-overlay mt-2 w-56 min-w-menu origin-top-right rounded-xl border border-surface-border bg-surface-raised p-2 shadow-xl transition ease-out data-closed:scale-95 data-closed:opacity-0 data-enter:duration-[120ms] data-leave:duration-100"
      >
        <PopoverAutoClose />
        <ul aria-label={text.label}>
          {apps.map((app) => (
            <li key={app.key}>
              {app.href === null ? (
                <span
                  aria-disabled="true"
                  className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 font-medium text-ink-muted"
                  data-app={app.key}
                >
                  {app.label}
                  <span className="rounded-full bg-surface-sunken px-2 py-0.5 text-xs">{text.soon}</span>
                </span>
              ) : (
                <a
                  href={app.href}
                  {...(app.external ? { target: '_blank', rel: 'noopener' } : {})}
                  className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 font-medium hover:bg-surface-sunken"
                  data-app={app.key}
                >
                  {app.label}
                  {app.external ? <span className="sr-only"> ({text.newTab})</span> : null}
                  {app.external ? (
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 24 24"
                      className="h-4 w-4 text-ink-muted"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    >
                      <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14 21 3" />
                    </svg>
                  ) : null}
                </a>
              )}
            </li>
          ))}
        </ul>
      </PopoverPanel>
    </Popover>
  );
}
