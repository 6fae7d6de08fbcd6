/**
 * Between the screen and a page's points: each field layer carries its page
 * number and width in points, so its drawn scale is its width in px / points.
 */
export type TPagePoint = { page: number; x: number; y: number; scale: number };

function layerPoint(layer: HTMLElement, clientX: number, clientY: number): TPagePoint | null {
  const page = Number(layer.dataset.fieldLayer);
  const widthPt = Number(layer.dataset.widthPt);
  const rect = layer.getBoundingClientRect();
  if (!page || !widthPt || rect.width === 0) return null;
  const scale = rect.width / widthPt;
  return { page, x: (clientX - rect.left) / scale, y: (clientY - rect.top) / scale, scale };
}

/** The page point under the pointer, if it is over a page. */
export function pointOnPage(clientX: number, clientY: number): TPagePoint | null {
  const layer = document
    .elementsFromPoint(clientX, clientY)
    .find(
      (element): element is HTMLElement => element instanceof HTMLElement && element.dataset.fieldLayer !== undefined,
    );
  return layer ? layerPoint(layer, clientX, clientY) : null;
}

/** The centre of the part of a page the owner sees now (the page's centre when it is not drawn). */
export function visibleCentre(page: number, size: { width: number; height: number }): { x: number; y: number } {
  const layer = document.querySelector<HTMLElement>(`[data-field-layer="${page}"]`);
  const scroller = layer?.closest<HTMLElement>('[role="region"]');
  if (!layer || !scroller) return { x: size.width / 2, y: size.height / 2 };
  const page_ = layer.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  const left = Math.max(page_.left, view.left, 0);
  const right = Math.min(page_.right, view.right, window.innerWidth);
  const top = Math.max(page_.top, view.top, 0);
  const bottom = Math.min(page_.bottom, view.bottom, window.innerHeight);
  if (right <= left || bottom <= top) return { x: size.width / 2, y: size.height / 2 };
  return layerPoint(layer, (left + right) / 2, (top + bottom) / 2) ?? { x: size.width / 2, y: size.height / 2 };
}
