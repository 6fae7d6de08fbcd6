'use client';

import { memo, type Ref } from 'react';
import { Page } from 'react-pdf';
import type { TPageSize, TRenderPageOverlay } from './types';

type Props = {
  pageNumber: number;
  size: TPageSize;
  /** CSS px per point. */
  scale: number;
  /** Draw the page (it is visible or next to a visible one); otherwise an empty box of the same size. */
  drawn: boolean;
  label: string;
  failedText: string;
  observe: Ref<HTMLDivElement>;
  onPainted: (pageNumber: number) => void;
  renderPageOverlay?: TRenderPageOverlay;
};

/**
 * One page's place in the column: always its displayed size, so the column's
 * height and the scroll position never move as pages are drawn and dropped;
 * the canvas, text layer and overlay exist only while `drawn`.
 */
export const PageSlot = memo(function PageSlot({
  pageNumber,
  size,
  scale,
  drawn,
  label,
  failedText,
  observe,
  onPainted,
  renderPageOverlay,
}: Props) {
  const width = size.widthPt * scale;
  const height = size.heightPt * scale;
  return (
    <div
      ref={observe}
      role="group"
      aria-label={label}
      data-viewer-page={pageNumber}
      data-drawn={drawn || undefined}
      className="relative mx-auto shrink-0 overflow-hidden bg-white shadow-md ring-1 ring-black/10 dark:ring-white/15"
      style={{ width, height }}
    >
      {drawn ? (
        <Page
          pageNumber={pageNumber}
          // react-pdf scales pdf.js units, which are points × /UserUnit.
          scale={scale / size.userUnit}
          suspense={false}
          loading={null}
          error={<p className="p-4 text-center text-sm text-danger-700">{failedText}</p>}
          renderAnnotationLayer={false}
          onRenderSuccess={() => onPainted(pageNumber)}
        />
      ) : null}
      {drawn && renderPageOverlay ? (
        <div data-page-overlay={pageNumber} className="absolute top-0 left-0" style={{ width, height }}>
          {renderPageOverlay({ pageNumber, widthPt: size.widthPt, heightPt: size.heightPt, scale })}
        </div>
      ) : null}
    </div>
  );
});
