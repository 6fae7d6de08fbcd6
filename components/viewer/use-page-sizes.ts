'use client';

import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { displayedSize, normalizeRotation, type TPdfBox } from '@/lib/viewer/page-geometry';
import type { TPageSize } from './types';

type TPdfPage = { view: number[]; rotate: number; userUnit?: number };

function sizeOf(page: TPdfPage): TPageSize {
  const { width, height } = displayedSize({
    box: page.view as unknown as TPdfBox,
    rotate: normalizeRotation(page.rotate),
  });
  return { widthPt: width, heightPt: height, userUnit: page.userUnit ?? 1 };
}

/**
 * Every page's displayed size, so pages not drawn keep their place. The first
 * page's size stands in for all until `measureAll` (the first page painted):
 * reading 200 pages before then would delay the first paint on a long
 * document; pdf.js's own viewer does the same.
 */
export function usePageSizes(pdf: PDFDocumentProxy | null, measureAll: boolean): TPageSize[] | null {
  const [sizes, setSizes] = useState<TPageSize[] | null>(null);
  useEffect(() => {
    if (!pdf) return;
    let live = true;
    void pdf.getPage(1).then((page) => {
      if (live) setSizes(Array.from({ length: pdf.numPages }, () => sizeOf(page)));
    });
    return () => {
      live = false;
      setSizes(null);
    };
  }, [pdf]);

  useEffect(() => {
    if (!pdf || !measureAll || pdf.numPages < 2) return;
    let live = true;
    void (async () => {
      const all: TPageSize[] = [];
      for (let n = 1; n <= pdf.numPages && live; n++) all.push(sizeOf(await pdf.getPage(n)));
      // One update: each one lays out every page again.
      if (live) setSizes((previous) => (previous && all.every((s, i) => same(s, previous[i])) ? previous : all));
    })().catch(() => {
      // A page pdf.js cannot read keeps the first page's size; drawing it shows the page's own error.
    });
    return () => {
      live = false;
    };
  }, [pdf, measureAll]);

  return sizes;
}

function same(a: TPageSize, b: TPageSize | undefined) {
  return !!b && a.widthPt === b.widthPt && a.heightPt === b.heightPt && a.userUnit === b.userUnit;
}
