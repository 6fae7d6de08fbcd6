import { PDFDocument } from 'pdf-lib';
import { embedNotoSans } from '@/lib/server/pdf/noto-sans';
import { OBJECTS_PER_TICK } from '@/lib/server/pdf/objects-per-tick';
import { drawAuditTrail } from './draw-audit';
import { drawBrand, embedBrandLogo } from './draw-brand';
import { drawRecipients } from './draw-recipients';
import { drawSummary } from './draw-summary';
import { PageWriter } from './page-writer';
import type { TCertificateData, TCertificateT } from './types';

/**
 * The certificate of completion as its own PDF (A4 pages in the owner's
 * language): the document and its hashes, each recipient's evidence and
 * signature as drawn, the audit trail, a QR code to the validator. Dates in
 * the file come from the completion time, so the same data gives the same bytes.
 */
export async function buildCertificate(
  data: TCertificateData,
  t: TCertificateT,
  options: { identity?: (doc: PDFDocument) => void } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = { regular: await embedNotoSans(doc, 'regular'), bold: await embedNotoSans(doc, 'bold') };
  const writer = new PageWriter(doc, fonts);
  if (data.brand) drawBrand(writer, data.brand, await embedBrandLogo(writer, data.brand), t);
  drawSummary(writer, data, t);
  await drawRecipients(writer, data, t);
  drawAuditTrail(writer, data, t);
  writer.footers((page, total) => ({ left: t('footer', { id: data.document.id }), right: t('page', { page, total }) }));
  doc.setTitle(`${t('title')}: ${data.document.name}`, { showInWindowTitleBar: true });
  doc.setLanguage(data.locale);
  doc.setProducer('Signet');
  doc.setCreator('Signet');
  doc.setCreationDate(data.document.completedAt);
  doc.setModificationDate(data.document.completedAt);
  options.identity?.(doc);
  return doc.save({ useObjectStreams: false, objectsPerTick: OBJECTS_PER_TICK });
}
