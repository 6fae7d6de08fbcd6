'use client';

import 'react-pdf/dist/Page/TextLayer.css';
import { useTranslations } from 'next-intl';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Document, pdfjs } from 'react-pdf';
import { FIRST_PAGE_PAINTED_MARK } from '@/lib/viewer/marks';
import { pdfJsAssetBase } from '@/lib/viewer/pdfjs-assets';
import { MAX_ZOOM, MIN_ZOOM, pageScale, scaleToPercent, zoomIn, zoomOut, type TZoom } from '@/lib/viewer/zoom';
import { PageSlot } from './page-slot';
import { ThumbnailRail } from './thumbnail-rail';
import type { TDocumentViewerHandle, TRenderPageOverlay, TVisiblePagesChange } from './types';
import { useContentWidth, useMediaQuery } from './use-media-query';
import { usePageSizes } from './use-page-sizes';
import { usePageVisibility } from './use-page-visibility';
import { ViewerToolbar } from './viewer-toolbar';

// react-pdf's documented setup: the worker is bundled by Next and served from our own origin
// (/_next/static/…, allowed by the pages' `worker-src 'self'`); never a CDN.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** The phone layout's breakpoint, the one where the modal dialog goes full-screen (Tailwind's `dialog` screen). */
const PHONE_QUERY = '(max-width: 760px)';
const PAGE_GAP = 16;

export type DocumentViewerProps = {
  /** The PDF's address (same origin: the session's cookies go with the request). */
  src: string;
  /** The document's name, for labels. */
  name: string;
  renderPageOverlay?: TRenderPageOverlay;
  onVisiblePagesChange?: (change: TVisiblePagesChange) => void;
  className?: string;
  ref?: Ref<TDocumentViewerHandle>;
};

/**
 * Every page of a PDF in a scrolling column, virtualized: only the visible
 * pages and their neighbours draw (usePageVisibility), the others are boxes of
 * their displayed size. Thumbnail rail and zoom on desktop; on a phone the
 * pages fit the width and the rail is hidden.
 */
export default function DocumentViewer({
  src,
  name,
  renderPageOverlay,
  onVisiblePagesChange,
  className = 'h-[80dvh] min-h-[24rem]',
  ref,
}: DocumentViewerProps) {
  const t = useTranslations('viewer');
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [painted, setPainted] = useState(false);
  const [zoom, setZoom] = useState<TZoom>('fit');
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const sizes = usePageSizes(pdf, painted);
  const pageCount = sizes?.length ?? 0;
  const [visibility, observe] = usePageVisibility(scroller, pageCount);
  const { currentVisiblePage, visiblePages, renderedPages } = visibility;
  const available = Math.max(0, useContentWidth(scroller) - (phone ? 16 : 32));
  const effectiveZoom: TZoom = phone ? 'fit' : zoom;
  const scales = useMemo(
    () => sizes?.map((size) => pageScale(effectiveZoom, size.widthPt, available)) ?? [],
    [sizes, effectiveZoom, available],
  );

  // pdf.js's data files from our origin (app/pdfjs): absolute, as the worker resolves them against its own address.
  const options = useMemo(() => {
    const base = (kind: Parameters<typeof pdfJsAssetBase>[1]) =>
      new URL(pdfJsAssetBase(pdfjs.version, kind), window.location.href).href;
    return {
      cMapUrl: base('cmaps'),
      standardFontDataUrl: base('standard_fonts'),
      wasmUrl: base('wasm'),
      iccUrl: base('iccs'),
    };
  }, []);
  const onPainted = useCallback((pageNumber: number) => {
    setPainted((already) => {
      if (!already) {
        performance.clearMarks(FIRST_PAGE_PAINTED_MARK);
        performance.mark(FIRST_PAGE_PAINTED_MARK, { detail: { pageNumber } });
      }
      return true;
    });
  }, []);

  const slotOf = useCallback(
    (pageNumber: number) => scroller?.querySelector<HTMLElement>(`[data-viewer-page="${pageNumber}"]`) ?? null,
    [scroller],
  );
  const scrollToPage = useCallback(
    (pageNumber: number, yPt?: number) => {
      const page = Math.min(Math.max(1, Math.round(pageNumber)), Math.max(1, pageCount));
      const slot = slotOf(page);
      // A point on the page (a field) lands a third of the way down the view, with what is above it in sight.
      const within =
        yPt === undefined || !scroller
          ? 0
          : Math.max(0, yPt * (scales[page - 1] ?? 1) - scroller.clientHeight / 3 + PAGE_GAP);
      scroller?.scrollTo({ top: (slot?.offsetTop ?? PAGE_GAP) - PAGE_GAP + within });
    },
    [scroller, slotOf, pageCount, scales],
  );
  useImperativeHandle(ref, () => ({ scrollToPage }), [scrollToPage]);

  useEffect(() => {
    if (pageCount > 0) onVisiblePagesChange?.({ currentVisiblePage, visiblePages });
  }, [currentVisiblePage, visiblePages, pageCount, onVisiblePagesChange]);

  // Keep the page at the top of the view where it was when the layout changes (zoom, resize, sizes read).
  const anchor = useRef<{ page: number; fraction: number } | null>(null);
  const recordAnchor = useCallback(() => {
    const page = visiblePages[0];
    const slot = page ? slotOf(page) : null;
    if (!scroller || !slot || !page) return;
    anchor.current = { page, fraction: (scroller.scrollTop - slot.offsetTop) / Math.max(1, slot.offsetHeight) };
  }, [scroller, slotOf, visiblePages]);
  useLayoutEffect(() => {
    const slot = anchor.current ? slotOf(anchor.current.page) : null;
    if (slot && anchor.current)
      scroller?.scrollTo({ top: slot.offsetTop + anchor.current.fraction * slot.offsetHeight });
  }, [scales, scroller, slotOf]);

  const currentPercent = scaleToPercent(scales[currentVisiblePage - 1] ?? 0);
  const changeZoom = (next: TZoom) => {
    recordAnchor();
    setZoom(next);
  };
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.ctrlKey || event.metaKey) || phone || !pageCount) return;
    const action = { '+': 'in', '=': 'in', '-': 'out', '0': 'fit' }[event.key];
    if (!action) return;
    event.preventDefault(); // the viewer's zoom, not the browser's
    changeZoom(action === 'fit' ? 'fit' : action === 'in' ? zoomIn(currentPercent) : zoomOut(currentPercent));
  }

  const drawn = new Set(renderedPages);
  const status = (text: string, tone = 'text-ink-muted') => <p className={`p-6 text-center text-sm ${tone}`}>{text}</p>;
  return (
    <div
      className={`flex flex-col overflow-hidden rounded-xl border border-surface-border bg-surface-raised ${className}`}
      onKeyDown={onKeyDown}
      data-document-viewer
      data-first-page-painted={painted || undefined}
    >
      {pageCount > 0 ? (
        <ViewerToolbar
          current={currentVisiblePage}
          pageCount={pageCount}
          zoom={zoom}
          showZoom={!phone}
          canZoomIn={currentPercent < MAX_ZOOM - 0.5}
          canZoomOut={currentPercent > MIN_ZOOM + 0.5}
          onGoTo={scrollToPage}
          onZoom={changeZoom}
          onZoomIn={() => changeZoom(zoomIn(currentPercent))}
          onZoomOut={() => changeZoom(zoomOut(currentPercent))}
        />
      ) : null}
      <Document
        file={src}
        options={options}
        suspense={false}
        onLoadSuccess={setPdf}
        loading={status(t('loading'))}
        error={status(t('failed'), 'text-danger-700 dark:text-danger-300')}
        className="flex min-h-0 flex-1"
      >
        {sizes && !phone ? (
          <ThumbnailRail
            sizes={sizes}
            current={currentVisiblePage}
            enabled={painted}
            label={t('thumbnails')}
            thumbLabel={(pageNumber) => t('thumbnail', { page: pageNumber })}
            onSelect={scrollToPage}
          />
        ) : null}
        <div
          ref={setScroller}
          tabIndex={0}
          role="region"
          aria-label={t('region', { name })}
          onScroll={recordAnchor}
          className="relative min-w-0 flex-1 overflow-auto bg-surface-sunken"
        >
          <div className="flex w-max min-w-full flex-col items-center gap-4 px-2 py-4 min-[761px]:px-4">
            {sizes?.map((size, index) => (
              <PageSlot
                key={index + 1}
                pageNumber={index + 1}
                size={size}
                scale={scales[index] ?? 1}
                // Not before the column's width is known: a first draw at a guessed scale would be thrown away.
                drawn={available > 0 && drawn.has(index + 1)}
                label={t('page', { page: index + 1, count: pageCount })}
                failedText={t('pageFailed')}
                observe={observe}
                onPainted={onPainted}
                renderPageOverlay={renderPageOverlay}
              />
            ))}
          </div>
        </div>
      </Document>
    </div>
  );
}
