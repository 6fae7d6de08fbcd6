'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { pageVisibility, samePages, type TPageVisibility } from '@/lib/viewer/visible-pages';

// Steps of 5 % of a page: the pixels in view stay within that of the truth between callbacks.
const THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

/**
 * Which pages are in view of a scroll area (the viewer's currentVisiblePage
 * and visiblePages, TVisiblePagesChange), by an IntersectionObserver over
 * every page's box. Returns the state and a ref callback factory for the page
 * boxes (`data-viewer-page`).
 */
export function usePageVisibility(root: HTMLElement | null, pageCount: number, overscan = 1) {
  const heights = useRef(new Map<number, number>());
  const elements = useRef(new Set<Element>());
  const observer = useRef<IntersectionObserver | null>(null);
  const [state, setState] = useState<TPageVisibility>(() => pageVisibility(new Map(), pageCount, overscan));

  useEffect(() => {
    if (!root) return;
    const measured = heights.current;
    const update = (entries: IntersectionObserverEntry[]) => {
      for (const entry of entries) {
        const page = Number((entry.target as HTMLElement).dataset.viewerPage);
        if (entry.isIntersecting && entry.intersectionRect.height > 0)
          measured.set(page, entry.intersectionRect.height);
        else measured.delete(page);
      }
      const next = pageVisibility(measured, pageCount, overscan);
      setState((previous) =>
        previous.currentVisiblePage === next.currentVisiblePage &&
        samePages(previous.visiblePages, next.visiblePages) &&
        samePages(previous.renderedPages, next.renderedPages)
          ? previous
          : next,
      );
    };
    const created = new IntersectionObserver(update, { root, threshold: THRESHOLDS });
    observer.current = created;
    for (const element of elements.current) created.observe(element);
    return () => {
      created.disconnect();
      observer.current = null;
      measured.clear();
    };
  }, [root, pageCount, overscan]);

  /** Ref callback for a page box: observed while mounted. */
  const observe = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    elements.current.add(element);
    observer.current?.observe(element);
    return () => {
      elements.current.delete(element);
      observer.current?.unobserve(element);
    };
  }, []);

  return [state, observe] as const;
}
