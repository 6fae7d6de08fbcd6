import type { ReactNode } from 'react';

/** A page as overlays see it: its size as displayed (rotation applied) in PDF points, and CSS px per point. */
export type TPageOverlayInfo = { pageNumber: number; widthPt: number; heightPt: number; scale: number };

/**
 * Draws over one drawn page (fields in the editor, on the signing page), in a
 * box of widthPt × scale by heightPt × scale CSS px whose top-left is the
 * page's top-left as shown: a field's box in points (lib/api/v1/fields.ts) times `scale`.
 */
export type TRenderPageOverlay = (page: TPageOverlayInfo) => ReactNode;

export type TVisiblePagesChange = { currentVisiblePage: number; visiblePages: number[] };

export type TDocumentViewerHandle = {
  /**
   * Scrolls the viewer so page `pageNumber` (1-based, clamped to the document) starts at the top,
   * or, given `yPt` (points from the page's top, as a field's `y`), so that point is in view.
   */
  scrollToPage: (pageNumber: number, yPt?: number) => void;
};

/** A page's displayed size in points; userUnit scales points to pdf.js's units (PDF 1.6 /UserUnit, almost always 1). */
export type TPageSize = { widthPt: number; heightPt: number; userUnit: number };
