import { getStroke, type StrokeOptions } from 'perfect-freehand';

/**
 * One drawing of a stroke for the pad and the server alike: perfect-freehand
 * turns the samples (with pressure where the device reports it) into a filled
 * outline, and the outline becomes SVG path data. The pad fills that path on
 * its canvas (Path2D) and the server stores the same path, so what the signer
 * saw is what the document shows, computed from the evidence.
 */
export type TOutlinePoint = { x: number; y: number; pressure?: number };

/** Thickness follows the pad's width, so a signature looks alike on a phone and a desktop. */
export function strokeSize(padWidth: number): number {
  return Math.min(12, Math.max(1.5, padWidth * 0.0085));
}

/** A device that reports no pressure (a mouse), or the same value throughout (many touch screens): width from speed instead. */
export function reportsPressure(stroke: readonly TOutlinePoint[]): boolean {
  const first = stroke[0]?.pressure;
  if (first === undefined) return false;
  return stroke.every((point) => point.pressure !== undefined) && stroke.some((point) => point.pressure !== first);
}

export function strokeOptions(stroke: readonly TOutlinePoint[], padWidth: number, complete: boolean): StrokeOptions {
  return {
    size: strokeSize(padWidth),
    thinning: 0.6,
    smoothing: 0.5,
    streamline: 0.4,
    simulatePressure: !reportsPressure(stroke),
    last: complete,
  };
}

/** The outline polygon of one stroke, in pad units. */
export function strokeOutline(stroke: readonly TOutlinePoint[], padWidth: number, complete = true): [number, number][] {
  const input = stroke.map((point) => [point.x, point.y, point.pressure ?? 0.5]);
  return getStroke(input, strokeOptions(stroke, padWidth, complete)) as [number, number][];
}

const round = (value: number) => String(Math.round(value * 100) / 100);

/**
 * A closed outline as quadratic curves through the midpoints of its edges
 * (explicit M/Q/Z only, which every SVG, canvas and pdf-lib path parser reads).
 */
export function outlineToPath(outline: readonly [number, number][]): string {
  if (outline.length < 3) return '';
  const mid = (a: [number, number], b: [number, number]) => `${round((a[0] + b[0]) / 2)} ${round((a[1] + b[1]) / 2)}`;
  const last = outline[outline.length - 1]!;
  let path = `M${mid(last, outline[0]!)}`;
  for (let i = 0; i < outline.length; i++) {
    const point = outline[i]!;
    const next = outline[(i + 1) % outline.length]!;
    path += `Q${round(point[0])} ${round(point[1])} ${mid(point, next)}`;
  }
  return `${path}Z`;
}

/** Every stroke's outline as one path, and the box that holds them. */
export function strokesToPath(
  strokes: readonly (readonly TOutlinePoint[])[],
  padWidth: number,
): { path: string; bounds: TBounds | null } {
  let path = '';
  let bounds: TBounds | null = null;
  for (const stroke of strokes) {
    const outline = strokeOutline(stroke, padWidth);
    path += outlineToPath(outline);
    bounds = outline.reduce<TBounds | null>((box, [x, y]) => extend(box, x, y), bounds);
  }
  return { path, bounds };
}

export type TBounds = { minX: number; minY: number; maxX: number; maxY: number };

function extend(box: TBounds | null, x: number, y: number): TBounds {
  if (!box) return { minX: x, minY: y, maxX: x, maxY: y };
  return {
    minX: Math.min(box.minX, x),
    minY: Math.min(box.minY, y),
    maxX: Math.max(box.maxX, x),
    maxY: Math.max(box.maxY, y),
  };
}
