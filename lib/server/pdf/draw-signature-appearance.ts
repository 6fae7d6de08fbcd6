import { rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { TSignatureAppearance } from '@/lib/signatures/appearance';

/** A rectangle in PDF user space (origin bottom-left, points), e.g. a field's box after page rotation is applied. */
export type TPdfRect = { x: number; y: number; width: number; height: number };

const INK = rgb(11 / 255, 31 / 255, 77 / 255);

/**
 * Draws a stored signature appearance into `rect`, scaled to fit and centred,
 * keeping its proportions: a vector signature as filled paths (no font or
 * image to embed), an image as the re-encoded PNG or JPEG. For the seal.
 */
export async function drawSignatureAppearance(
  doc: PDFDocument,
  page: PDFPage,
  appearance: TSignatureAppearance,
  rect: TPdfRect,
): Promise<void> {
  const box =
    appearance.type === 'vector'
      ? appearance.viewBox
      : { x: 0, y: 0, width: appearance.width, height: appearance.height };
  const scale = Math.min(rect.width / box.width, rect.height / box.height);
  const left = rect.x + (rect.width - box.width * scale) / 2;
  const bottom = rect.y + (rect.height - box.height * scale) / 2;
  if (appearance.type === 'image') {
    const bytes = Buffer.from(appearance.base64, 'base64');
    const image = appearance.mime === 'image/png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    page.drawImage(image, { x: left, y: bottom, width: box.width * scale, height: box.height * scale });
    return;
  }
  // drawSvgPath puts the path's origin at (x, y) with y growing downwards, as in SVG.
  const top = bottom + box.height * scale;
  page.drawSvgPath(appearance.path, { x: left - box.x * scale, y: top + box.y * scale, scale, color: INK });
}
