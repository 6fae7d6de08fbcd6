'use client';

import dynamic from 'next/dynamic';

/**
 * pdf.js is large and browser-only: the viewer loads after the page, never on
 * the server (react-pdf's Next.js note), and only on pages that show one.
 * Props and `ref` pass through to DocumentViewer.
 */
export const LazyDocumentViewer = dynamic(() => import('./document-viewer'), {
  ssr: false,
  loading: () => (
    <div aria-hidden="true" className="h-[80dvh] min-h-[24rem] w-full animate-pulse rounded-xl bg-surface-sunken" />
  ),
});

export type { DocumentViewerProps } from './document-viewer';
export type { TDocumentViewerHandle, TPageOverlayInfo, TRenderPageOverlay, TVisiblePagesChange } from './types';
