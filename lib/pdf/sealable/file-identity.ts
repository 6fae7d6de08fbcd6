import { createHash } from 'node:crypto';
import { PDFHexString, type PDFDocument } from 'pdf-lib';

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32).toUpperCase();

/**
 * The trailer's /ID (PDF 32000-1 §14.4): the first part names the document
 * for good, the second this version of the file. Both derive from the
 * document and its completion time (never a clock or a random number), so a
 * retried finalize saves the same bytes.
 */
export function setFileIdentity(doc: PDFDocument, { documentId, version, date }: { documentId: string; version: string; date: Date }): void {
  doc.context.trailerInfo.ID = doc.context.obj([
    PDFHexString.of(digest(`signet:document:${documentId}`)),
    PDFHexString.of(digest(`signet:${version}:${documentId}:${date.toISOString()}`)),
  ]);
}
