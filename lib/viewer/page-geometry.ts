/**
 * Page geometry between the two coordinate systems Signet meets:
 *
 * - displayed: what the API's fields use (docs/api.md). Points from the top-left corner of the
 *   page as a viewer shows it, x to the right, y downwards, with the page's
 *   /Rotate applied and the visible box (CropBox within MediaBox) as the page.
 * - user space: the PDF's own coordinates (origin anywhere, y upwards, before
 *   /Rotate), where the sealing step draws.
 *
 * Pure and shared: the viewer sizes pages with it, the sealing step places
 * field content with it. pdf.js's PageViewport computes the same mapping
 * (tests/unit/pdf/page-geometry.test.ts checks both agree).
 */

/** A box in user space, [x0, y0, x1, y1] as in a PDF array (corners in any order). */
export type TPdfBox = readonly [number, number, number, number];
export type TRotation = 0 | 90 | 180 | 270;
export type TPoint = { x: number; y: number };
export type TRect = { x: number; y: number; width: number; height: number };

/** A page as both systems need it: its visible box in user space and its /Rotate. */
export type TPageFrame = { box: TPdfBox; rotate: TRotation };

/**
 * /Rotate as viewers apply it: a multiple of 90 (anything else is ignored, as
 * pdf.js does), clockwise, normalised to 0–270, negative values included.
 */
export function normalizeRotation(rotate: number | undefined | null): TRotation {
  if (typeof rotate !== 'number' || !Number.isFinite(rotate) || rotate % 90 !== 0) return 0;
  return (((rotate % 360) + 360) % 360) as TRotation;
}

/** [x0, y0, x1, y1] with x0 ≤ x1 and y0 ≤ y1. */
export function normalizeBox([a, b, c, d]: TPdfBox): TPdfBox {
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/**
 * The box a viewer shows: the CropBox clipped to the MediaBox (PDF 32000-1
 * §14.11.2), the MediaBox when there is no CropBox or they do not overlap.
 */
export function visibleBox(mediaBox: TPdfBox, cropBox?: TPdfBox | null): TPdfBox {
  const media = normalizeBox(mediaBox);
  if (!cropBox) return media;
  const crop = normalizeBox(cropBox);
  const box: TPdfBox = [
    Math.max(media[0], crop[0]),
    Math.max(media[1], crop[1]),
    Math.min(media[2], crop[2]),
    Math.min(media[3], crop[3]),
  ];
  return box[2] > box[0] && box[3] > box[1] ? box : media;
}

/** The page's size as displayed, in points: width and height swap at 90 and 270. */
export function displayedSize({ box, rotate }: TPageFrame): { width: number; height: number } {
  const [x0, y0, x1, y1] = normalizeBox(box);
  const [w, h] = [x1 - x0, y1 - y0];
  return rotate === 90 || rotate === 270 ? { width: h, height: w } : { width: w, height: h };
}

/**
 * A displayed point (from the top-left as shown) in user space. Rotation is
 * clockwise when displayed: at 90 the box's left edge is shown at the top, so
 * the displayed top-left is the box's bottom-left corner.
 */
export function displayedToUser({ x, y }: TPoint, { box, rotate }: TPageFrame): TPoint {
  const [x0, y0, x1, y1] = normalizeBox(box);
  switch (rotate) {
    case 90:
      return { x: x0 + y, y: y0 + x };
    case 180:
      return { x: x1 - x, y: y0 + y };
    case 270:
      return { x: x1 - y, y: y1 - x };
    default:
      return { x: x0 + x, y: y1 - y };
  }
}

/** A user-space point as displayed (the inverse of displayedToUser). */
export function userToDisplayed({ x, y }: TPoint, { box, rotate }: TPageFrame): TPoint {
  const [x0, y0, x1, y1] = normalizeBox(box);
  switch (rotate) {
    case 90:
      return { x: y - y0, y: x - x0 };
    case 180:
      return { x: x1 - x, y: y - y0 };
    case 270:
      return { x: y1 - y, y: x1 - x };
    default:
      return { x: x - x0, y: y1 - y };
  }
}

/** A displayed rectangle as the user-space rectangle it covers (lower-left corner, positive size), e.g. an annotation's /Rect. */
export function displayedRectToUserRect(rect: TRect, frame: TPageFrame): TRect {
  const a = displayedToUser({ x: rect.x, y: rect.y }, frame);
  const b = displayedToUser({ x: rect.x + rect.width, y: rect.y + rect.height }, frame);
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** A user-space rectangle as the displayed rectangle it covers. */
export function userRectToDisplayedRect(rect: TRect, frame: TPageFrame): TRect {
  const a = userToDisplayed({ x: rect.x, y: rect.y }, frame);
  const b = userToDisplayed({ x: rect.x + rect.width, y: rect.y + rect.height }, frame);
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/**
 * Where to draw content (text, a signature image) so that it appears upright
 * filling a displayed rectangle: its own bottom-left corner in user space, its
 * own width and height (the displayed ones), and the counter-clockwise
 * rotation in degrees to draw it with (pdf-lib's `rotate: degrees(…)` about
 * that corner). The page's clockwise /Rotate then turns it upright on screen.
 */
export function uprightPlacement(rect: TRect, frame: TPageFrame): TRect & { rotateDegrees: TRotation } {
  const origin = displayedToUser({ x: rect.x, y: rect.y + rect.height }, frame);
  return { x: origin.x, y: origin.y, width: rect.width, height: rect.height, rotateDegrees: frame.rotate };
}
