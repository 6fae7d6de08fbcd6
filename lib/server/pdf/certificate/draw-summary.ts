import { drawQrCode } from './draw-qr';
import { formatUtc } from './format';
import { keyValues } from './key-values';
import { COLORS, type PageWriter } from './page-writer';
import type { TCertificateData, TCertificateT } from './types';

const QR = 84;
/** The column the QR code and its caption take at the top right. */
const ASIDE = 150;

/** Where a caption starts so that it ends at the right margin (it wraps in the column when longer). */
function rightAligned(
  writer: PageWriter,
  text: string,
  size: number,
  bold: boolean,
  aside: { x: number; width: number },
) {
  const width = writer.font(bold).widthOfTextAtSize(text, size);
  return width <= aside.width ? { x: aside.x + aside.width - width, width: width + 1 } : aside;
}

/** The first page's head: title, what the certificate is, the QR code to the validator; then the document's facts and hashes. */
export function drawSummary(writer: PageWriter, data: TCertificateData, t: TCertificateT): void {
  const top = writer.y;
  const textWidth = writer.width - ASIDE - 16;
  writer.drawAt('Signet', top, { size: 9, bold: true, color: COLORS.accent });
  writer.y -= 16;
  writer.y -= writer.drawAt(t('title'), writer.y, { size: 20, bold: true, width: textWidth, lineGap: -0.1 });
  writer.y -= 6;
  writer.y -= writer.drawAt(t('intro'), writer.y, { size: 9, color: COLORS.muted, width: textWidth });

  const qrX = writer.left + writer.width - QR;
  drawQrCode(writer.page, data.validatorUrl, { x: qrX, y: top - QR, size: QR, color: COLORS.ink });
  const aside = { x: writer.left + writer.width - ASIDE, width: ASIDE };
  const caption = writer.drawAt(t('verify'), top - QR - 6, {
    size: 7.5,
    bold: true,
    ...rightAligned(writer, t('verify'), 7.5, true, aside),
  });
  const link = writer.drawAt(data.validatorUrl, top - QR - 8 - caption, {
    size: 7,
    color: COLORS.accent,
    ...rightAligned(writer, data.validatorUrl, 7, false, aside),
  });
  writer.y = Math.min(writer.y, top - QR - 10 - caption - link) - 8;

  writer.heading(t('document'));
  const { document, owner } = data;
  keyValues(writer, [
    { label: t('documentName'), value: document.name },
    { label: t('documentId'), value: document.id },
    { label: t('pages'), value: String(document.pageCount) },
    { label: t('owner'), value: owner.name ? `${owner.name} <${owner.email}>` : owner.email },
    ...(document.sentAt ? [{ label: t('sentAt'), value: formatUtc(document.sentAt) }] : []),
    { label: t('completedAt'), value: formatUtc(document.completedAt) },
    { label: t('originalHash'), value: document.originalSha256, small: true },
    { label: t('flattenedHash'), value: document.flattenedSha256, small: true },
  ]);
  writer.y -= 4;
  writer.paragraph(t('hashNote', { length: String(document.flattenedLength) }), { size: 7.5, color: COLORS.muted });
}
