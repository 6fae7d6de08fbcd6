import { constants, createInflate, inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';
import { AppError } from '@/lib/errors';
import { plainName } from './pdf-scripts';

/**
 * pdf-lib inflates every object stream (/ObjStm) and cross-reference stream
 * (/XRef) whole while it parses, with no limit: a few hundred KB of deflated
 * zeros would become gigabytes in memory. Before it parses, we inflate those
 * streams ourselves with a hard output cap. Object streams hold only small
 * objects (dictionaries, arrays, numbers), so real files stay far below it.
 */
export const MAX_PARSE_INFLATED_BYTES = 50 * 1024 * 1024;

const KINDS = [Buffer.from('/ObjStm'), Buffer.from('/XRef')];
const TYPE_BEFORE = /\/Type\s*$/;
const DELIMITER_AFTER = /^[\s/<>[\]()%]/;
const STREAM_START = /stream(\r\n|\n|\r)/;

/** Offsets just past each `/Type /ObjStm` and `/Type /XRef` (not `/XRefStm`). */
function* parsedStreamTypes(bytes: Buffer): Generator<number> {
  for (const kind of KINDS) {
    for (let at = bytes.indexOf(kind); at !== -1; at = bytes.indexOf(kind, at + 1)) {
      const before = bytes.toString('latin1', Math.max(0, at - 32), at);
      const after = bytes.toString('latin1', at + kind.length, at + kind.length + 1);
      if (TYPE_BEFORE.test(before) && DELIMITER_AFTER.test(after)) yield at + kind.length;
    }
  }
}

function streamAfter(bytes: Buffer, from: number): Buffer | undefined {
  const keyword = bytes.indexOf('stream', from, 'latin1');
  if (keyword === -1) return undefined;
  const eol = STREAM_START.exec(bytes.toString('latin1', keyword, keyword + 8));
  if (!eol) return undefined;
  const begin = keyword + eol[0].length;
  const end = bytes.indexOf('endstream', begin, 'latin1');
  return end === -1 ? undefined : bytes.subarray(begin, end);
}

const bomb = (max: number) =>
  new AppError(
    'UNSAFE_FILE',
    `The PDF holds compressed structures that inflate past ${Math.round(max / 1024 / 1024)} MB (a decompression bomb).`,
  );

export function checkParsedStreamsInflate(data: Uint8Array, maxInflated = MAX_PARSE_INFLATED_BYTES): void {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let budget = maxInflated;
  for (const offset of parsedStreamTypes(bytes)) {
    const stream = streamAfter(bytes, offset);
    if (!stream) continue;
    try {
      budget -= inflateSync(stream, {
        maxOutputLength: Math.max(1, budget),
        finishFlush: constants.Z_SYNC_FLUSH,
      }).length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw bomb(maxInflated);
      // Not deflated, or damaged: the parser will judge it.
    }
    if (budget <= 0) throw bomb(maxInflated);
  }
}

/**
 * Every other stream (page content, forms, fonts, images) is decoded by a
 * viewer when it shows the page and by the sealing step when it copies the
 * page, again with no limit. After parsing we decode each one ourselves, filter
 * by filter (a /FlateDecode of a /FlateDecode multiplies the ratios), each
 * stage capped, and refuse a file whose streams decode past the caps. Image
 * codecs (DCT, JPX, JBIG2, CCITT) are not run: the stages before them are.
 */
export const MAX_STREAM_DECODED_BYTES = 256 * 1024 * 1024;
export const MAX_DECODED_BYTES = 512 * 1024 * 1024;

const FLATE = new Set(['FlateDecode', 'Fl']);
const DECODED_BY_PDF_LIB = new Map([
  ['LZWDecode', 'LZWDecode'],
  ['LZW', 'LZWDecode'],
  ['ASCII85Decode', 'ASCII85Decode'],
  ['A85', 'ASCII85Decode'],
  ['ASCIIHexDecode', 'ASCIIHexDecode'],
  ['AHx', 'ASCIIHexDecode'],
  ['RunLengthDecode', 'RunLengthDecode'],
  ['RL', 'RunLengthDecode'],
]);

const streamBomb = (max: number) =>
  new AppError(
    'UNSAFE_FILE',
    `The PDF holds a compressed stream that decodes past ${Math.round(max / 1024 / 1024)} MB (a decompression bomb).`,
  );

function filtersOf(doc: PDFDocument, dict: PDFDict): { names: string[]; params: (PDFObject | undefined)[] } {
  const resolve = (value: PDFObject | undefined) => (value instanceof PDFRef ? doc.context.lookup(value) : value);
  const filter = resolve(dict.get(PDFName.of('Filter')));
  const parms = resolve(dict.get(PDFName.of('DecodeParms')));
  const list = filter instanceof PDFArray ? filter.asArray().map(resolve) : filter ? [filter] : [];
  const names = list.map((item) => (item instanceof PDFName ? plainName(item) : '?'));
  const params = parms instanceof PDFArray ? parms.asArray().map(resolve) : names.map(() => parms);
  return { names, params };
}

const TOO_LARGE = Symbol('too large');

const DAMAGED = Symbol('damaged');

/**
 * One filter stage, its output capped at `limit`. DAMAGED when zlib finds the
 * data corrupt; A stage decoded by pdf-lib cannot tell
 * bad data (its LZW takes any code): the caller has qpdf check those files. Null for a filter not decoded here (image codecs).
 */
type TStage = Uint8Array | typeof TOO_LARGE | typeof DAMAGED;
function decodeStage(
  name: string,
  params: PDFObject | undefined,
  input: Uint8Array,
  limit: number,
  doc: PDFDocument,
): TStage | null {
  if (FLATE.has(name)) {
    try {
      return inflateSync(input, { maxOutputLength: limit + 1, finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return TOO_LARGE;
      return DAMAGED;
    }
  }
  const pdfLibName = DECODED_BY_PDF_LIB.get(name);
  if (!pdfLibName) return null;
  const single = doc.context.obj({ Filter: pdfLibName, ...(params instanceof PDFDict ? { DecodeParms: params } : {}) });
  try {
    // pdf-lib's decoders decode lazily: asking for limit + 1 bytes decodes no more than that.
    const bytes = decodePDFRawStream(PDFRawStream.of(single, input)).getBytes(limit + 1) as Uint8Array;
    return bytes.length > limit ? TOO_LARGE : bytes;
  } catch {
    return null;
  }
}

/**
 * How long `input` inflates, counted as it streams and kept nowhere: TOO_LARGE
 * once past `limit` (the rest is never inflated), DAMAGED when zlib finds it
 * corrupt. For a stream's last stage, whose bytes nothing here reads: a bomb
 * of 256 MB then costs a 1 MB buffer, and about a tenth of the time
 * inflateSync takes to build the whole output.
 */
function inflatedLength(input: Uint8Array, limit: number): Promise<number | typeof TOO_LARGE | typeof DAMAGED> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 1024 * 1024, finishFlush: constants.Z_SYNC_FLUSH });
    let length = 0;
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length <= limit) return;
      resolve(TOO_LARGE);
      inflate.destroy();
    });
    inflate.on('end', () => resolve(length));
    inflate.on('error', () => resolve(DAMAGED));
    inflate.end(input);
  });
}

/** What the decoding found besides bombs: streams whose data is corrupt, and whether some could not be verified here. */
export type TDecodedStreams = { damaged: string[]; unverified: boolean };

export async function checkDecodedStreams(
  doc: PDFDocument,
  limits = { perStream: MAX_STREAM_DECODED_BYTES, total: MAX_DECODED_BYTES },
): Promise<TDecodedStreams> {
  let budget = limits.total;
  const found: TDecodedStreams = { damaged: [], unverified: false };
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const { names, params } = filtersOf(doc, object.dict);
    let data: Uint8Array = object.contents;
    for (let i = 0; i < names.length; i++) {
      const limit = Math.min(limits.perStream, budget);
      const last = i === names.length - 1 && FLATE.has(names[i]!);
      const decoded = last ? await inflatedLength(data, limit) : decodeStage(names[i]!, params[i], data, limit, doc);
      if (decoded === null) break;
      if (decoded === TOO_LARGE) throw streamBomb(limit === budget ? limits.total : limits.perStream);
      if (decoded === DAMAGED) {
        found.damaged.push(`object ${ref.objectNumber}`);
        break;
      }
      if (!FLATE.has(names[i]!)) found.unverified = true;
      const length = typeof decoded === 'number' ? decoded : decoded.length;
      // Every stage's output is memory a decoder (a viewer, the sealing step) holds.
      budget -= length;
      if (typeof decoded === 'number') break;
      data = decoded;
    }
  }
  return found;
}

/**
 * One stream's data decoded through all its filters with every stage's output
 * capped at `maxBytes` (DECODED size, not the compressed size a bomb keeps
 * small): the bytes, 'too large' as soon as a stage would pass the cap (the
 * rest is never inflated), or null when it cannot be decoded here (damaged,
 * or an image codec).
 */
export function decodeStreamCapped(
  doc: PDFDocument,
  stream: PDFRawStream,
  maxBytes: number,
): Uint8Array | 'too large' | null {
  const { names, params } = filtersOf(doc, stream.dict);
  let data: Uint8Array = stream.contents;
  if (names.length === 0) return data.length > maxBytes ? 'too large' : data;
  for (let i = 0; i < names.length; i++) {
    const decoded = decodeStage(names[i]!, params[i], data, maxBytes, doc);
    if (decoded === TOO_LARGE || (decoded instanceof Uint8Array && decoded.length > maxBytes)) return 'too large';
    if (decoded === null || decoded === DAMAGED) return null;
    data = decoded;
  }
  return data;
}
