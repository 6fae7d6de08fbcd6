import {
  PDFCrossRefSection,
  PDFCrossRefStream,
  PDFHexString,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFTrailer,
  PDFTrailerDict,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';

/** The cross-reference section a revision ends with: where it starts, whether it is a stream, and its dictionary's text. */
type TLastSection = { offset: number; stream: boolean; size: number; dictionary: string };

/** An object as it was at the snapshot: itself (a stream replaced is another object), and its text (a stream's: its dictionary's). */
type TObjectState = { object: PDFObject; text: string };

/** What a revision held: its last cross-reference section and every object as pdf-lib read it, by number and generation. */
export type TRevisionSnapshot = { largest: number; objects: Map<string, TObjectState>; section: TLastSection };

const key = (ref: PDFRef) => `${ref.objectNumber} ${ref.generationNumber}`;
const stateOf = (object: PDFObject): TObjectState => ({
  object,
  text: object instanceof PDFStream ? object.dict.toString() : object.toString(),
});
const ascii = (text: string) => new TextEncoder().encode(text);
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/**
 * The last cross-reference section of `bytes`, from the startxref at its end:
 * a table (`xref` … `trailer <<…>>`) or a stream (`N G obj <</Type /XRef …>>`),
 * with the /Size its dictionary gives. Throws when the bytes do not end a
 * revision this way (junk after %%EOF, a startxref pointing elsewhere).
 */
function lastSection(bytes: Uint8Array): TLastSection {
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - 1024)));
  const end = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!end) throw new Error('The revision to extend does not end with startxref and %%EOF.');
  const offset = Number(end[1]);
  const head = latin1(bytes.subarray(offset, Math.min(bytes.length, offset + 4096)));
  const stream = /^\d+\s+\d+\s+obj\b/.test(head);
  if (!stream && !head.startsWith('xref'))
    throw new Error("The revision's startxref does not point at a cross-reference section.");
  // A table's dictionary follows the table (which can be long); a stream's opens its object.
  const trailerAt = stream
    ? offset
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf('trailer', offset, 'latin1');
  const dictionary = trailerAt < 0 ? '' : latin1(bytes.subarray(trailerAt, Math.min(bytes.length, trailerAt + 4096)));
  const size = /\/Size\s+(\d+)/.exec(dictionary);
  if (!size) throw new Error("The revision's last cross-reference section gives no /Size.");
  return { offset, stream, size: Number(size[1]), dictionary };
}

/**
 * pdf-lib keeps the trailer of the last cross-reference section it parses,
 * in file order. In a linearized file that is the main section at the end,
 * which holds little more than /Size (PDF 32000-1 Annex F); /Root, /Info and
 * /ID are in the first-page section, the one startxref names. What pdf-lib
 * lacks is taken from there, so the update's trailer still names them.
 */
function completeTrailer(doc: PDFDocument, dictionary: string): void {
  const info = doc.context.trailerInfo;
  const ref = (name: string) => {
    const match = new RegExp(`/${name}\\s+(\\d+)\\s+(\\d+)\\s+R`).exec(dictionary);
    return match ? PDFRef.of(Number(match[1]), Number(match[2])) : undefined;
  };
  info.Root ??= ref('Root');
  info.Info ??= ref('Info');
  const id = /\/ID\s*\[\s*<([0-9A-Fa-f]*)>\s*<([0-9A-Fa-f]*)>\s*\]/.exec(dictionary);
  if (!info.ID && id) info.ID = doc.context.obj([PDFHexString.of(id[1]!), PDFHexString.of(id[2]!)]);
}

/**
 * Taken right after `doc` was loaded from `bytes` or saved to them, before
 * anything is added: what appendRevision compares against. It also moves
 * pdf-lib's next object number past every number `bytes` declares (its
 * /Size), so an object added later never takes the number of one pdf-lib did
 * not read (a free entry, an object it skipped).
 */
export function snapshotRevision(doc: PDFDocument, bytes: Uint8Array): TRevisionSnapshot {
  const section = lastSection(bytes);
  completeTrailer(doc, section.dictionary);
  doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, section.size - 1);
  const objects = new Map<string, TObjectState>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) objects.set(key(ref), stateOf(object));
  return { largest: doc.context.largestObjectNumber, objects, section };
}

/** Added since the snapshot, or changed: another object under its reference, or other text (a stream's dictionary). */
function changedSince(snapshot: TRevisionSnapshot, ref: PDFRef, object: PDFObject): boolean {
  const before = snapshot.objects.get(key(ref));
  return !before || before.object !== object || before.text !== stateOf(object).text;
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * `previous` (the bytes `doc` was loaded from or saved to when `snapshot` was
 * taken) with an incremental update appended (PDF 32000-1 §7.5.6): every
 * object added since and every non-stream object that changed (catalog, page
 * tree, pages, info, attachment names; a stream whose dictionary changed or
 * that was replaced is written whole), then a cross-reference section of the
 * kind `previous` ends with (a table, or a stream for a file that uses them,
 * as PDF 32000-1 §7.5.8 expects of an update), pointing back with /Prev. The
 * earlier revision stays byte for byte at the start of the file, so its hash
 * can be checked from the file itself.
 */
export async function appendRevision(
  doc: PDFDocument,
  previous: Uint8Array,
  snapshot: TRevisionSnapshot,
): Promise<Uint8Array> {
  await doc.flush();
  const { context } = doc;
  const changed = context.enumerateIndirectObjects().filter(([ref, object]) => changedSince(snapshot, ref, object)) as [
    PDFRef,
    PDFObject,
  ][];
  const parts: Uint8Array[] = [];
  let offset = previous.length;
  const push = (bytes: Uint8Array) => {
    parts.push(bytes);
    offset += bytes.length;
  };
  const writeObject = (ref: PDFRef, object: PDFObject) => {
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    push(ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
    push(body);
    push(ascii('\nendobj\n\n'));
  };
  push(ascii('\n'));
  const offsets: [PDFRef, number][] = [];
  for (const [ref, object] of changed) {
    offsets.push([ref, offset]);
    writeObject(ref, object);
  }
  const { Root, Info, ID, Encrypt } = context.trailerInfo;
  const prev = PDFNumber.of(snapshot.section.offset);
  const xrefOffset = offset;
  if (snapshot.section.stream) {
    const ref = context.nextRef();
    const size = Math.max(context.largestObjectNumber + 1, snapshot.section.size);
    const stream = PDFCrossRefStream.create(context.obj({ Size: size, Root, Info, ID, Encrypt, Prev: prev }));
    for (const [entry, at] of offsets) stream.addUncompressedEntry(entry, at);
    stream.addUncompressedEntry(ref, xrefOffset);
    writeObject(ref, stream);
  } else {
    const size = Math.max(context.largestObjectNumber + 1, snapshot.section.size);
    const xref = PDFCrossRefSection.createEmpty();
    for (const [entry, at] of offsets) xref.addEntry(entry, at);
    for (const section of [xref, PDFTrailerDict.of(context.obj({ Size: size, Root, Info, ID, Encrypt, Prev: prev }))]) {
      const bytes = new Uint8Array(section.sizeInBytes());
      section.copyBytesInto(bytes, 0);
      push(bytes);
      push(ascii('\n'));
    }
  }
  const startxref = PDFTrailer.forLastCrossRefSectionOffset(xrefOffset);
  const bytes = new Uint8Array(startxref.sizeInBytes());
  startxref.copyBytesInto(bytes, 0);
  push(bytes);
  push(ascii('\n'));
  return concat([previous, ...parts], offset);
}
