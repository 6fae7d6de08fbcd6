'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Page } from 'react-pdf';
import { usePageVisibility } from './use-page-visibility';
import type { TPageSize } from './types';

const THUMB_WIDTH = 96;

type Props = {
  sizes: TPageSize[];
  current: number;
  /** Thumbnails wait for the first page: they would compete with it for pdf.js's worker. */
  enabled: boolean;
  label: string;
  thumbLabel: (pageNumber: number) => string;
  onSelect: (pageNumber: number) => void;
};

/**
 * The page thumbnails beside the viewer (desktop). Virtualized like the pages:
 * only thumbnails in the rail's view and their neighbours draw a canvas. One
 * tab stop (the current page's); arrow keys, Home and End move between them.
 */
export function ThumbnailRail({ sizes, current, enabled, label, thumbLabel, onSelect }: Props) {
  const [rail, setRail] = useState<HTMLElement | null>(null);
  const [visibility, observe] = usePageVisibility(rail, sizes.length, 2);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const drawn = new Set(visibility.renderedPages);

  // Keep the current page's thumbnail in the rail's view (the rail scrolls alone, not the window).
  useEffect(() => {
    const button = buttons.current.get(current);
    if (!rail || !button) return;
    const item = button.parentElement ?? button;
    if (item.offsetTop < rail.scrollTop || item.offsetTop + item.offsetHeight > rail.scrollTop + rail.clientHeight) {
      rail.scrollTo({ top: item.offsetTop - (rail.clientHeight - item.offsetHeight) / 2 });
    }
  }, [current, rail]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const from = Number((event.target as HTMLElement).closest<HTMLElement>('[data-thumb]')?.dataset.thumb);
    if (!from) return;
    const to = { ArrowDown: from + 1, ArrowUp: from - 1, Home: 1, End: sizes.length }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const page = Math.min(sizes.length, Math.max(1, to));
    buttons.current.get(page)?.focus();
    onSelect(page);
  }

  return (
    <nav
      ref={setRail}
      aria-label={label}
      onKeyDown={onKeyDown}
      className="relative w-36 shrink-0 overflow-y-auto border-r border-surface-border bg-surface-sunken p-3"
    >
      <ol className="flex flex-col items-center gap-3">
        {sizes.map((size, index) => {
          const pageNumber = index + 1;
          const scale = THUMB_WIDTH / size.widthPt;
          const isCurrent = pageNumber === current;
          return (
            <li
              key={pageNumber}
              ref={observe}
              data-viewer-page={pageNumber}
              className="flex flex-col items-center gap-1"
            >
              <button
                ref={(element) => {
                  if (element) buttons.current.set(pageNumber, element);
                  else buttons.current.delete(pageNumber);
                }}
                type="button"
                data-thumb={pageNumber}
                tabIndex={isCurrent ? 0 : -1}
                aria-label={thumbLabel(pageNumber)}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={() => onSelect(pageNumber)}
                className={`block overflow-hidden rounded-xs bg-white ring-offset-2 ring-offset-surface-sunken ${isCurrent ? 'ring-2 ring-primary-500' : 'ring-1 ring-black/15 hover:ring-primary-300'}`}
                style={{ width: THUMB_WIDTH, height: size.heightPt * scale }}
              >
                {enabled && drawn.has(pageNumber) ? (
                  <Page
                    pageNumber={pageNumber}
                    scale={scale / size.userUnit}
                    suspense={false}
                    loading={null}
                    error={null}
                    renderTextLayer={false}
                    renderAnnotationLayer={false}
                  />
                ) : null}
              </button>
              <span
                aria-hidden="true"
                className={`text-xs tabular-nums ${isCurrent ? 'font-semibold text-ink' : 'text-ink-muted'}`}
              >
                {pageNumber}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
