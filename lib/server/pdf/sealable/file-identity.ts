import { createHash } from 'node:crypto';
import { PDFArray, PDFHexString, PDFString, type PDFDocument } from 'pdf-lib';

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32).toUpperCase();

/**
 * The trailer's /ID (PDF 32000-1 §14.4): the first part names the file for
 * good and "shall not change" when it is updated, so a file that has one
 * keeps it; a file without one gets one naming the document. The second part
 * names this version of the file. Both derive from the file, the document and
 * its completion time (never a clock or a random number), so a retried
 * finalize saves the same bytes.
 */
export function setFileIdentity(
  doc: PDFDocument,
  { documentId, version, date }: { documentId: string; version: string; date: Date },
): void {
  const current = doc.context.lookup(doc.context.trailerInfo.ID);
  const kept = current instanceof PDFArray ? current.get(0) : undefined;
  const permanent =
    kept instanceof PDFHexString || kept instanceof PDFString
      ? kept
      : PDFHexString.of(digest(`signet:document:${documentId}`));
  doc.context.trailerInfo.ID = doc.context.obj([
    permanent,
    PDFHexString.of(digest(`signet:${version}:${documentId}:${date.toISOString()}`)),
  ]);
}
