/**
 * Which pages a viewer shows and draws (`currentVisiblePage`,
 * `visiblePages`), from how many pixels of each page are inside the scroll
 * area. Pure, so the rule is tested without a browser.
 */

export type TPageVisibility = {
  /** The page that fills most of the view (the lower number on a tie); 1 before anything is measured. */
  currentVisiblePage: number;
  /** Every page with at least one pixel in view, ascending. */
  visiblePages: number[];
  /** The pages to draw: the visible ones and `overscan` neighbours each side, ascending. */
  renderedPages: number[];
};

/**
 * @param visibleHeights pixels of each page (1-based number → px) inside the view; absent or ≤ 0 means out of view
 * @param pageCount pages in the document
 * @param overscan neighbours drawn each side of the visible run, so a short scroll finds them ready
 */
export function pageVisibility(
  visibleHeights: ReadonlyMap<number, number>,
  pageCount: number,
  overscan = 1,
): TPageVisibility {
  if (pageCount < 1) return { currentVisiblePage: 0, visiblePages: [], renderedPages: [] };
  const visiblePages = [...visibleHeights]
    .filter(([page, px]) => px > 0 && Number.isInteger(page) && page >= 1 && page <= pageCount)
    .map(([page]) => page)
    .sort((a, b) => a - b);
  let currentVisiblePage = visiblePages[0] ?? 1;
  for (const page of visiblePages) {
    if ((visibleHeights.get(page) ?? 0) > (visibleHeights.get(currentVisiblePage) ?? 0)) currentVisiblePage = page;
  }
  // Nothing measured yet (first render): the first page and its neighbour, so the first paint needs no measurement.
  const first = visiblePages[0] ?? 1;
  const last = visiblePages.at(-1) ?? 1;
  const renderedPages: number[] = [];
  for (let page = Math.max(1, first - overscan); page <= Math.min(pageCount, last + overscan); page++)
    renderedPages.push(page);
  return { currentVisiblePage, visiblePages, renderedPages };
}

/** Whether two lists hold the same pages in the same order (to skip state updates that change nothing). */
export function samePages(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((page, i) => page === b[i]);
}

/** A page number typed by a person, as a page of the document, or null when it is none. */
export function parsePageNumber(text: string, pageCount: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const page = Number(trimmed);
  return page >= 1 && page <= pageCount ? page : null;
}
