'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';

// react-pdf's documented setup: the worker is set in the module that renders
// <Document>, and this module is only ever loaded in the browser (ssr: false).
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const MAX_WIDTH = 800;

/** Follows the width of its container, so the page canvas fits it at any screen width. */
function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      // Less the page's 1px border on each side, or the canvas overflows a phone screen by 2px.
      if (entry) setWidth(Math.min(MAX_WIDTH, Math.floor(entry.contentRect.width) - 2));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** The first page of the document's current PDF, drawn by pdf.js. */
export default function PdfPreview({ src, name }: { src: string; name: string }) {
  const t = useTranslations('auth.documentPreview');
  const [ref, width] = useContainerWidth();
  // Named as an image once the page is drawn; until then the loading or error text stays readable to screen readers.
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);
  const state = drawn ? { role: 'img', 'aria-label': t('label', { name }) } : failed ? {} : { 'aria-busy': true };
  const status = (text: string) => <p className="p-6 text-center text-sm text-ink-muted">{text}</p>;
  return (
    <div ref={ref} className="w-full" {...state}>
      {width ? (
        // suspense={false}: the loading and error props below show progress and failure in place.
        <Document
          suspense={false}
          file={src}
          onLoadError={() => setFailed(true)}
          loading={status(t('loading'))}
          error={<p className="p-6 text-center text-sm text-danger-700 dark:text-danger-300">{t('failed')}</p>}
          className="flex justify-center"
        >
          <Page
            pageNumber={1}
            width={width}
            renderTextLayer={false}
            renderAnnotationLayer={false}
            onRenderSuccess={() => setDrawn(true)}
            onRenderError={() => setFailed(true)}
            loading={status(t('loading'))}
            className="overflow-hidden rounded-lg border border-surface-border bg-white shadow-sm"
          />
        </Document>
      ) : (
        status(t('loading'))
      )}
    </div>
  );
}
