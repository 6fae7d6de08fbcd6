import { LineCapStyle, rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { drawSignatureAppearance } from '@/lib/server/pdf/draw-signature-appearance';
import { fitText } from './fit-text';
import type { TFlattenField } from './types';

const INK = rgb(0.07, 0.09, 0.16);
/** Inner padding in points: the value never touches the box's edge. */
const PAD = 2;

/** What a data field shows (as the signing page showed it): its value, a radio's or dropdown's chosen option, an attachment's file name. */
export function shownText(field: TFlattenField): string | null {
  switch (field.type) {
    case 'signature':
    case 'initials':
    case 'checkbox':
      return null;
    default:
      return field.value?.trim() ? field.value : null;
  }
}

/** Text fitted to the box, left-aligned, the block centred vertically (as the signing page's field shows it). */
function drawText(page: PDFPage, font: PDFFont, text: string, width: number, height: number): void {
  const inner = { width: Math.max(1, width - 2 * PAD), height: Math.max(1, height - 2 * PAD) };
  const fitted = fitText(text, font, inner.width, inner.height);
  const block = fitted.lines.length * fitted.lineHeight;
  // The first baseline: the block's top, less the line's ascent (the font's height above the baseline at this size).
  const ascent = font.heightAtSize(fitted.size, { descender: false });
  const gap = (fitted.lineHeight - font.heightAtSize(fitted.size)) / 2;
  let baseline = PAD + (inner.height + block) / 2 - gap - ascent;
  for (const line of fitted.lines) {
    page.drawText(line, { x: PAD, y: baseline, size: fitted.size, font, color: INK });
    baseline -= fitted.lineHeight;
  }
}

/** A tick as a stroked path, centred in the box's largest square (the signing page shows "✓"). */
function drawTick(page: PDFPage, width: number, height: number): void {
  const side = Math.min(width, height);
  const scale = side / 16;
  // drawSvgPath's origin is the top-left of the path with y downwards (SVG), hence the square's top edge.
  page.drawSvgPath('M 3.5 8.5 L 6.5 11.5 L 12.5 4.5', {
    x: (width - side) / 2,
    y: (height + side) / 2,
    scale,
    borderColor: INK,
    // In path units: the stroke scales with the box.
    borderWidth: 1.8,
    borderLineCap: LineCapStyle.Round,
  });
}

/** Draws one field's value into its upright box (0, 0, width, height) of the current field space. */
export async function drawFieldValue(
  doc: PDFDocument,
  page: PDFPage,
  field: TFlattenField,
  width: number,
  height: number,
  font: () => Promise<PDFFont>,
): Promise<void> {
  if (field.type === 'signature' || field.type === 'initials') {
    if (field.appearance) await drawSignatureAppearance(doc, page, field.appearance, { x: 0, y: 0, width, height });
    return;
  }
  if (field.type === 'checkbox') {
    if (field.value === 'true') drawTick(page, width, height);
    return;
  }
  const text = shownText(field);
  if (text) drawText(page, await font(), text, width, height);
}
