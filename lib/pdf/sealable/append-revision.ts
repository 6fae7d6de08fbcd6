import { PDFCrossRefSection, PDFNumber, PDFStream, PDFTrailer, PDFTrailerDict, type PDFDocument, type PDFObject, type PDFRef } from 'pdf-lib';

/** What a saved revision held: its highest object number and every non-stream object as written. */
export type TRevisionSnapshot = { largest: number; objects: Map<number, string> };

const isStream = (object: PDFObject) => object instanceof PDFStream;

/** Taken right after saving `doc`: what appendRevision compares against to find what changed since. */
export function snapshotRevision(doc: PDFDocument): TRevisionSnapshot {
  const objects = new Map<number, string>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) if (!isStream(object)) objects.set(ref.objectNumber, object.toString());
  return { largest: doc.context.largestObjectNumber, objects };
}

const ascii = (text: string) => new TextEncoder().encode(text);

function previousXrefOffset(previous: Uint8Array): number {
  const tail = new TextDecoder('latin1').decode(previous.subarray(Math.max(0, previous.length - 64)));
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) throw new Error('The revision to extend does not end with startxref and %%EOF.');
  return Number(match[1]);
}

/**
 * `previous` (the bytes `doc` was saved to when `snapshot` was taken) with an
 * incremental update appended (PDF 32000-1 §7.5.6): every object added since
 * and every non-stream object that changed (catalog, page tree, info,
 * attachment names), a cross-reference section and a trailer pointing back
 * with /Prev. The earlier revision stays byte for byte at the start of the
 * file, so its hash can be checked from the file itself. Streams written
 * before the snapshot are never changed afterwards by the callers.
 */
export async function appendRevision(doc: PDFDocument, previous: Uint8Array, snapshot: TRevisionSnapshot): Promise<Uint8Array> {
  await doc.flush();
  const changed = doc.context
    .enumerateIndirectObjects()
    .filter(([ref, object]) => ref.objectNumber > snapshot.largest || (!isStream(object) && snapshot.objects.get(ref.objectNumber) !== object.toString()));
  const parts: Uint8Array[] = [ascii('\n')];
  let offset = previous.length + 1;
  const xref = PDFCrossRefSection.createEmpty();
  const push = (bytes: Uint8Array) => {
    parts.push(bytes);
    offset += bytes.length;
  };
  for (const [ref, object] of changed as [PDFRef, PDFObject][]) {
    xref.addEntry(ref, offset);
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    push(ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
    push(body);
    push(ascii('\nendobj\n\n'));
  }
  const xrefOffset = offset;
  const { Root, Info, ID, Encrypt } = doc.context.trailerInfo;
  const trailer = PDFTrailerDict.of(doc.context.obj({ Size: doc.context.largestObjectNumber + 1, Root, Info, ID, Encrypt, Prev: PDFNumber.of(previousXrefOffset(previous)) }));
  for (const section of [xref, trailer, PDFTrailer.forLastCrossRefSectionOffset(xrefOffset)]) {
    const bytes = new Uint8Array(section.sizeInBytes());
    section.copyBytesInto(bytes, 0);
    push(bytes);
    push(ascii('\n'));
  }
  const out = new Uint8Array(offset);
  out.set(previous, 0);
  let at = previous.length;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
