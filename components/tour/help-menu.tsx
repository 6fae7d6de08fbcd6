'use client';

import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';

export type THelpMenuText = { help: string; takeTour: string; watchVideo: string };

const ITEM = 'flex w-full items-center rounded-lg px-3 py-2 text-left font-medium data-focus:bg-surface-sunken';

/** Help (Headless UI Menu): reopens the guided tour; "Watch the video" only where there is a video. */
export function HelpMenu({
  text,
  onTakeTour,
  onWatchVideo,
}: {
  text: THelpMenuText;
  onTakeTour: () => void;
  onWatchVideo?: () => void;
}) {
  return (
    <Menu as="div" className="relative inline-block" data-tour="help">
      <MenuButton
        className="inline-flex items-center gap-2 rounded-lg border border-surface-border bg-surface-raised px-4 py-2 font-semibold text-ink hover:bg-surface-sunken"
        data-help-button=""
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
        </svg>
        {text.help}
      </MenuButton>
      <MenuItems
        transition
        anchor="bottom end"
        className="z-overlay mt-2 min-w-menu rounded-xl border border-surface-border bg-surface-raised p-2 text-ink shadow-xl transition duration-100 ease-out [--anchor-gap:0.5rem] focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        <MenuItem>
          <button type="button" className={ITEM} onClick={onTakeTour} data-help-item="tour">
            {text.takeTour}
          </button>
        </MenuItem>
        {onWatchVideo ? (
          <MenuItem>
            <button type="button" className={ITEM} onClick={onWatchVideo} data-help-item="video">
              {text.watchVideo}
            </button>
          </MenuItem>
        ) : null}
      </MenuItems>
    </Menu>
  );
}
