'use client';

import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import type { TDocumentSummary } from '@/lib/api/v1/documents';
import { downloadHref } from './document-outcome';

const KINDS = ['original', 'sealed', 'certificate'] as const;

export type TRowAction = 'remind' | 'cancel' | 'delete' | 'retry-seal' | 'correct';

const ITEM = 'block w-full px-4 py-2.5 text-left text-sm data-focus:bg-surface-sunken data-disabled:opacity-60';

/** A menu that opens below the fold (a card low on a phone's screen) scrolls into view rather than open unseen. */
const intoView = (menu: HTMLElement | null) => menu?.scrollIntoView({ block: 'nearest' });

/**
 * The actions of one document (Headless UI Menu: arrows, Enter, Escape and
 * type-ahead work). Remind and cancel only for a document out for signature;
 * retry for a failed seal; correct and send again for a declined one; the
 * downloads a completed document has.
 */
export function DocumentActions({
  document,
  href,
  onAction,
}: {
  document: TDocumentSummary;
  href: string;
  onAction: (action: TRowAction) => void;
}) {
  const t = useTranslations('dashboard.actions');
  const pending = document.status === 'pending';
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={t('menu', { name: document.name })}
        className="inline-flex h-10 w-10 items-center justify-center rounded-lg border border-surface-border text-ink-muted hover:bg-surface-sunken hover:text-ink data-open:bg-surface-sunken"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
      </MenuButton>
      {/* Placed by CSS, not Headless UI's anchor (which always portals to the end of <body>): the menu stays
          inside the main landmark (axe's region rule). Not modal: the page stays scrollable and readable. */}
      <MenuItems
        ref={intoView}
        modal={false}
        transition
        className="absolute top-full right-0 z-overlay mt-1 min-w-menu rounded-lg border border-surface-border bg-surface-raised py-1 text-ink shadow-lg focus:outline-none transition duration-100 data-closed:opacity-0"
      >
        <MenuItem>
          <a href={href} className={ITEM}>
            {t('open')}
          </a>
        </MenuItem>
        {pending ? (
          <>
            <MenuItem>
              <button type="button" className={ITEM} onClick={() => onAction('remind')}>
                {t('remind')}
              </button>
            </MenuItem>
            <MenuItem>
              <button type="button" className={ITEM} onClick={() => onAction('cancel')}>
                {t('cancel')}
              </button>
            </MenuItem>
          </>
        ) : null}
        {document.status === 'sealing_failed' ? (
          <MenuItem>
            <button type="button" className={ITEM} onClick={() => onAction('retry-seal')}>
              {t('retrySeal')}
            </button>
          </MenuItem>
        ) : null}
        {document.status === 'declined' ? (
          <MenuItem>
            <button type="button" className={ITEM} onClick={() => onAction('correct')}>
              {t('correct')}
            </button>
          </MenuItem>
        ) : null}
        {document.status === 'completed'
          ? KINDS.filter((kind) => document.downloads[kind]).map((kind) => (
              <MenuItem key={kind}>
                <a href={downloadHref(document.id, kind)} download className={ITEM}>
                  {t(`download.${kind}`)}
                </a>
              </MenuItem>
            ))
          : null}
        <MenuItem>
          <button
            type="button"
            className={`${ITEM} text-danger-700 dark:text-danger-300`}
            onClick={() => onAction('delete')}
          >
            {t('delete')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
