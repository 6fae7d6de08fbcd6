import {
  PDFPage,
  clip,
  concatTransformationMatrix,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
} from 'pdf-lib';
import {
  normalizeRotation,
  uprightPlacement,
  visibleBox,
  type TPageFrame,
  type TPdfBox,
  type TRect,
} from '@/lib/viewer/page-geometry';

const box = (rect: { x: number; y: number; width: number; height: number }): TPdfBox => [
  rect.x,
  rect.y,
  rect.x + rect.width,
  rect.y + rect.height,
];

/** The page as the viewer showed it to the signer: the visible box and /Rotate (as lib/server/documents/read-page-sizes.ts measures it). */
export function pageFrame(page: PDFPage): TPageFrame {
  return {
    box: visibleBox(box(page.getMediaBox()), box(page.getCropBox())),
    rotate: normalizeRotation(page.getRotation().angle),
  };
}

/**
 * Runs `draw` in the field's own upright space: origin at the field's
 * bottom-left as displayed, x right and y up as the reader sees them, clipped
 * to the field's box, whatever the page's rotation. The page's /Rotate turns
 * the content back upright on screen, so every kind of value is drawn once,
 * in one coordinate system, and never spills out of its box.
 */
export async function inFieldSpace(
  page: PDFPage,
  rect: TRect,
  draw: (width: number, height: number) => Promise<void> | void,
): Promise<void> {
  const place = uprightPlacement(rect, pageFrame(page));
  const radians = (place.rotateDegrees * Math.PI) / 180;
  const [cos, sin] = [Math.round(Math.cos(radians)), Math.round(Math.sin(radians))];
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(cos, sin, -sin, cos, place.x, place.y),
    rectangle(0, 0, place.width, place.height),
    clip(),
    endPath(),
  );
  await draw(place.width, place.height);
  page.pushOperators(popGraphicsState());
}
