import { PDFDict, type PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import type { TObjectId } from './pdf-xref-check';

/**
 * When the trailer's /Root is not the document catalog, pdf-lib looks for an
 * object of /Type /Catalog and reads the file from there, as pdf.js does; qpdf,
 * poppler and MuPDF find no pages at all, and qpdf's plain repair keeps the
 * broken /Root and drops the catalog nobody points at. Such a file is stored
 * only rewritten with its trailer naming the catalog we inspected, so every
 * reader of the stored copy finds the same pages.
 */

export type TRootDamage = { reason: string; catalog: PDFRef; info: PDFRef | null };

const isCatalog = (doc: PDFDocument, ref: unknown): ref is PDFRef => {
  if (!(ref instanceof PDFRef)) return false;
  const object = doc.context.lookup(ref);
  return object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Catalog');
};

/**
 * `declared` is the /Root the newest trailer of a readable cross-reference
 * chain names (readXrefChain); null when unknown (the chain is broken and qpdf
 * rebuilds it from the objects). Null when the catalog pdf-lib read is the one
 * declared, or when there is nothing better to name.
 */
export function findRootDamage(doc: PDFDocument, declared: TObjectId | null): TRootDamage | null {
  const catalog = doc.context.trailerInfo.Root;
  if (!declared || !isCatalog(doc, catalog)) return null;
  if (catalog.objectNumber === declared.objectNumber && catalog.generationNumber === declared.generation) return null;
  const info = doc.context.trailerInfo.Info;
  return {
    reason: `the trailer's /Root names ${declared.objectNumber} ${declared.generation} R, not the document catalog (${catalog.toString()})`,
    catalog,
    info: info instanceof PDFRef && doc.context.lookup(info) instanceof PDFDict ? info : null,
  };
}
