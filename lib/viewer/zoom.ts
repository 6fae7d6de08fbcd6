/**
 * Zoom of the document viewer: "fit width", or a percentage from 50 to 200
 * where 100 % is the page's real size (1 pt = 1/72 in, a CSS px = 1/96 in).
 */

export const ZOOM_STEPS = [50, 75, 100, 125, 150, 175, 200] as const;
export const MIN_ZOOM = 50;
export const MAX_ZOOM = 200;
/** CSS px per PDF point at 100 %. */
export const PX_PER_POINT = 96 / 72;

export type TZoom = 'fit' | number;

export function clampZoom(percent: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(percent)));
}

/** CSS px per point for a page `widthPt` wide in a column `availablePx` wide. */
export function pageScale(zoom: TZoom, widthPt: number, availablePx: number): number {
  if (zoom === 'fit') return widthPt > 0 && availablePx > 0 ? availablePx / widthPt : PX_PER_POINT;
  return (clampZoom(zoom) / 100) * PX_PER_POINT;
}

/** The percentage a scale shows at, for the zoom buttons' next step from "fit width". */
export function scaleToPercent(scale: number): number {
  return (scale / PX_PER_POINT) * 100;
}

/** The next step above the current percentage (zoom in), at most 200. */
export function zoomIn(currentPercent: number): number {
  return ZOOM_STEPS.find((step) => step > currentPercent + 0.5) ?? MAX_ZOOM;
}

/** The next step below the current percentage (zoom out), at least 50. */
export function zoomOut(currentPercent: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < currentPercent - 0.5) ?? MIN_ZOOM;
}
