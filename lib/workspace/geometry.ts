/**
 * Field geometry in PDF points from the top-left of the page as displayed
 * (the API's frame, docs/api.md). Every change goes through these helpers, so a field can never be
 * saved reaching past its page.
 */
export type TPageSize = { width: number; height: number };
export type TRect = { x: number; y: number; width: number; height: number };
export type THandle = 'nw' | 'ne' | 'sw' | 'se';

/** The smallest a field may be resized to, in points (a checkbox is 16). */
export const MIN_FIELD_SIZE = 8;

/** Hundredths of a point: enough for any screen, and keeps saved numbers short. */
export const round = (value: number) => Math.round(value * 100) / 100;

const clampNumber = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/** The rect shrunk to fit the page if needed, then moved inside it. */
export function clampRect(rect: TRect, page: TPageSize): TRect {
  const width = round(clampNumber(rect.width, Math.min(MIN_FIELD_SIZE, page.width), page.width));
  const height = round(clampNumber(rect.height, Math.min(MIN_FIELD_SIZE, page.height), page.height));
  return {
    x: round(clampNumber(rect.x, 0, page.width - width)),
    y: round(clampNumber(rect.y, 0, page.height - height)),
    width,
    height,
  };
}

/** A field of this size centred on a point (a drop, or the page's centre), kept on the page. */
export function centredAt(
  point: { x: number; y: number },
  size: { width: number; height: number },
  page: TPageSize,
): TRect {
  return clampRect({ x: point.x - size.width / 2, y: point.y - size.height / 2, ...size }, page);
}

/** Dragging one corner by (dx, dy) points; the opposite corner stays put and the box stays on the page. */
export function resizeRect(rect: TRect, handle: THandle, dx: number, dy: number, page: TPageSize): TRect {
  const right = rect.x + rect.width;
  const bottom = rect.y + rect.height;
  let { x, y } = rect;
  let [r, b] = [right, bottom];
  if (handle === 'nw' || handle === 'sw') x = clampNumber(rect.x + dx, 0, right - MIN_FIELD_SIZE);
  else r = clampNumber(right + dx, rect.x + MIN_FIELD_SIZE, page.width);
  if (handle === 'nw' || handle === 'ne') y = clampNumber(rect.y + dy, 0, bottom - MIN_FIELD_SIZE);
  else b = clampNumber(bottom + dy, rect.y + MIN_FIELD_SIZE, page.height);
  return clampRect({ x, y, width: r - x, height: b - y }, page);
}

/** Whether the rect lies inside the page (half a point of slack, as the server allows). */
export function insidePage(rect: TRect, page: TPageSize | undefined): boolean {
  if (!page) return false;
  return (
    rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= page.width + 0.5 && rect.y + rect.height <= page.height + 0.5
  );
}

const overlaps = (a: TRect, b: TRect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The first place at or below `rect` (then above it) where it covers no other
 * field, so fields placed one after another at the same spot stay apart;
 * `rect` itself when the page has no such room.
 */
export function freeSpot(rect: TRect, others: TRect[], page: TPageSize, gap = 4): TRect {
  const step = rect.height + gap;
  for (const direction of [1, -1]) {
    for (
      let candidate = rect;
      candidate.y >= 0 && candidate.y + candidate.height <= page.height;
      candidate = { ...candidate, y: round(candidate.y + direction * step) }
    ) {
      if (!others.some((other) => overlaps(candidate, other))) return candidate;
    }
  }
  return rect;
}
