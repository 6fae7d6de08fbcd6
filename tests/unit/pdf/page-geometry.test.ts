import { degrees, PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  displayedRectToUserRect,
  displayedSize,
  displayedToUser,
  normalizeRotation,
  uprightPlacement,
  userRectToDisplayedRect,
  userToDisplayed,
  visibleBox,
  type TPageFrame,
  type TRotation,
} from '@/lib/viewer/page-geometry';

// pdf.js (what the viewer draws with) is the independent judge: the same pages, read by it,
// must map displayed points to the same user-space points. Node 20 lacks Promise.withResolvers,
// which pdf.js's legacy build expects.
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: PdfJs;
beforeAll(async () => {
  const promise = Promise as unknown as { withResolvers?: () => unknown };
  promise.withResolvers ??= () => {
    let resolve: unknown, reject: unknown;
    const p = new Promise((a, b) => ((resolve = a), (reject = b)));
    return { promise: p, resolve, reject };
  };
  pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
});

// MediaBox [-50 40 250 540], CropBox [10 100 210 460]: origins away from zero on both boxes.
const MEDIA = { x: -50, y: 40, width: 300, height: 500 };
const CROP = { x: 10, y: 100, width: 200, height: 360 };
const BOX = [10, 100, 210, 460] as const;
const ROTATIONS: TRotation[] = [0, 90, 180, 270];

async function pdfJsPage(rotate: number) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([MEDIA.width, MEDIA.height]);
  page.setMediaBox(MEDIA.x, MEDIA.y, MEDIA.width, MEDIA.height);
  page.setCropBox(CROP.x, CROP.y, CROP.width, CROP.height);
  page.setRotation(degrees(rotate));
  const pdf = await pdfjs.getDocument({ data: await doc.save() }).promise;
  return { pdf, page: await pdf.getPage(1) };
}

describe('page geometry', () => {
  const loaded: { pdf: { cleanup: () => Promise<void> } }[] = [];
  afterAll(async () => {
    for (const { pdf } of loaded) await pdf.cleanup();
  });

  for (const rotate of ROTATIONS) {
    it(`matches pdf.js at /Rotate ${rotate} with non-zero MediaBox and CropBox origins`, async () => {
      const { pdf, page } = await pdfJsPage(rotate);
      loaded.push({ pdf });
      expect(page.view).toEqual([...BOX]);
      const frame: TPageFrame = { box: BOX, rotate: normalizeRotation(page.rotate) };
      const viewport = page.getViewport({ scale: 1 });
      expect(displayedSize(frame)).toEqual({ width: viewport.width, height: viewport.height });
      for (const point of [
        { x: 0, y: 0 },
        { x: 17, y: 3 },
        { x: viewport.width, y: viewport.height },
        { x: 40.5, y: 150.25 },
      ]) {
        const [ux, uy] = viewport.convertToPdfPoint(point.x, point.y) as [number, number];
        const mine = displayedToUser(point, frame);
        expect(mine.x).toBeCloseTo(ux, 9);
        expect(mine.y).toBeCloseTo(uy, 9);
        const back = userToDisplayed(mine, frame);
        expect(back.x).toBeCloseTo(point.x, 9);
        expect(back.y).toBeCloseTo(point.y, 9);
      }
    });
  }

  it('swaps width and height at 90 and 270 only', () => {
    expect(displayedSize({ box: BOX, rotate: 0 })).toEqual({ width: 200, height: 360 });
    expect(displayedSize({ box: BOX, rotate: 90 })).toEqual({ width: 360, height: 200 });
    expect(displayedSize({ box: BOX, rotate: 180 })).toEqual({ width: 200, height: 360 });
    expect(displayedSize({ box: BOX, rotate: 270 })).toEqual({ width: 360, height: 200 });
  });

  it('maps the displayed top-left corner to the user-space corner a clockwise turn brings there', () => {
    expect(displayedToUser({ x: 0, y: 0 }, { box: BOX, rotate: 0 })).toEqual({ x: 10, y: 460 });
    expect(displayedToUser({ x: 0, y: 0 }, { box: BOX, rotate: 90 })).toEqual({ x: 10, y: 100 });
    expect(displayedToUser({ x: 0, y: 0 }, { box: BOX, rotate: 180 })).toEqual({ x: 210, y: 100 });
    expect(displayedToUser({ x: 0, y: 0 }, { box: BOX, rotate: 270 })).toEqual({ x: 210, y: 460 });
  });

  it('normalises /Rotate as viewers do', () => {
    expect(normalizeRotation(-90)).toBe(270);
    expect(normalizeRotation(450)).toBe(90);
    expect(normalizeRotation(-540)).toBe(180);
    expect(normalizeRotation(360)).toBe(0);
    expect(normalizeRotation(45)).toBe(0);
    expect(normalizeRotation(undefined)).toBe(0);
    expect(normalizeRotation(Number.NaN)).toBe(0);
  });

  it('takes the CropBox within the MediaBox, and the MediaBox without a usable CropBox', () => {
    expect(visibleBox([-50, 40, 250, 540], [10, 100, 210, 460])).toEqual([10, 100, 210, 460]);
    expect(visibleBox([0, 0, 300, 300], [200, -100, 400, 100])).toEqual([200, 0, 300, 100]);
    expect(visibleBox([300, 300, 0, 0], null)).toEqual([0, 0, 300, 300]);
    expect(visibleBox([0, 0, 100, 100], [200, 200, 300, 300])).toEqual([0, 0, 100, 100]);
  });

  it('converts rectangles both ways at every rotation', () => {
    const rect = { x: 20, y: 30, width: 50, height: 16 };
    for (const rotate of ROTATIONS) {
      const frame = { box: BOX, rotate };
      const user = displayedRectToUserRect(rect, frame);
      const swapped = rotate === 90 || rotate === 270;
      expect([user.width, user.height]).toEqual(swapped ? [16, 50] : [50, 16]);
      expect(userRectToDisplayedRect(user, frame)).toEqual(rect);
    }
    // At 0 the rect's lower edge, 30 + 16 pt below the top (y1 = 460), is its user-space y.
    expect(displayedRectToUserRect(rect, { box: BOX, rotate: 0 })).toEqual({
      x: 30,
      y: 460 - 46,
      width: 50,
      height: 16,
    });
  });

  it('places content so the page rotation shows it upright over the displayed rectangle', () => {
    const rect = { x: 20, y: 30, width: 50, height: 16 };
    for (const rotate of ROTATIONS) {
      const frame = { box: BOX, rotate };
      const place = uprightPlacement(rect, frame);
      const theta = (place.rotateDegrees * Math.PI) / 180;
      // A point of the content's own frame (u right, v up), drawn rotated counter-clockwise about its origin.
      const shown = (u: number, v: number) =>
        userToDisplayed(
          {
            x: place.x + u * Math.cos(theta) - v * Math.sin(theta),
            y: place.y + u * Math.sin(theta) + v * Math.cos(theta),
          },
          frame,
        );
      const close = (p: { x: number; y: number }, x: number, y: number) => {
        expect(p.x).toBeCloseTo(x, 9);
        expect(p.y).toBeCloseTo(y, 9);
      };
      close(shown(0, 0), rect.x, rect.y + rect.height); // its bottom-left at the rect's bottom-left
      close(shown(place.width, 0), rect.x + rect.width, rect.y + rect.height); // its baseline runs to the right
      close(shown(0, place.height), rect.x, rect.y); // and its top is up
    }
  });
});
