import { PDFArray, PDFDict, PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';

const keyText = (key: unknown) => (key instanceof PDFString || key instanceof PDFHexString ? key.decodeText() : '');

/**
 * Puts the EmbeddedFiles name tree's keys in order. A name tree must be
 * sorted (PDF 32000-1 §7.9.6) and readers look names up by bisection, but
 * pdf-lib appends each attachment's key as it comes: without this, qpdf
 * (and the validator looking for signet-audit.json) miss some attachments.
 * Embeds what pdf-lib still holds pending first, so the tree is complete.
 */
export async function sortEmbeddedFiles(doc: PDFDocument): Promise<void> {
  await doc.flush();
  const names = doc.catalog
    .lookupMaybe(PDFName.of('Names'), PDFDict)
    ?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
    ?.lookupMaybe(PDFName.of('Names'), PDFArray);
  if (!names) return;
  const pairs: [unknown, unknown][] = [];
  for (let index = 0; index + 1 < names.size(); index += 2) pairs.push([names.get(index), names.get(index + 1)]);
  // Code-unit order of the decoded keys: for every name here the same as the byte order of their UTF-16BE or PDFDocEncoding form.
  pairs.sort(([a], [b]) => (keyText(a) < keyText(b) ? -1 : keyText(a) > keyText(b) ? 1 : 0));
  pairs.forEach(([key, value], index) => {
    names.set(index * 2, key as never);
    names.set(index * 2 + 1, value as never);
  });
}
