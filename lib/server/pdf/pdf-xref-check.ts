import { constants, inflateSync } from 'node:zlib';

/**
 * pdf-lib reads a PDF front to back and ignores its cross-reference data, so
 * it accepts files whose startxref or xref offsets point nowhere. Readers that
 * follow the xref (most viewers, qpdf, signature validators) see such a file
 * as damaged and reconstruct it, each in its own way: what they show may not
 * be what we inspected. This checks the xref chain against the bytes: every
 * section startxref and /Prev name must be there, and every in-use object's
 * offset must hold that object. Cheap (no decoding but xref streams', whose
 * size the inflate guard has already bounded).
 */

const MAX_SECTIONS = 64;
const MAX_REASONS = 5;
const OBJ_AT = /^\s*(\d+)\s+(\d+)\s+obj\b/;

function objectAt(bytes: Buffer, offset: number): number | null {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= bytes.length) return null;
  const match = OBJ_AT.exec(bytes.toString('latin1', offset, offset + 40));
  return match ? Number(match[1]) : null;
}

function startXref(bytes: Buffer): number | null {
  const tail = bytes.toString('latin1', Math.max(0, bytes.length - 2048));
  const match =
    /startxref\s+(\d+)\s*%%EOF\s*$/.exec(tail) ?? /startxref\s+(\d+)/.exec(tail.slice(tail.lastIndexOf('startxref')));
  return match ? Number(match[1]) : null;
}

/** An object's number and generation, as a trailer names its /Root. */
export type TObjectId = { objectNumber: number; generation: number };

type TSection = { entries: [number, number][]; prev: number | null; root: TObjectId | null };

const ROOT = /\/Root\s+(\d+)\s+(\d+)\s+R\b/;

function rootIn(dict: string): TObjectId | null {
  const match = ROOT.exec(dict);
  return match ? { objectNumber: Number(match[1]), generation: Number(match[2]) } : null;
}

/** A classic table: subsection headers, 20-byte rows; only in-use rows ("n") are returned. */
function classicSection(bytes: Buffer, offset: number): TSection | null {
  const text = bytes.toString(
    'latin1',
    offset,
    bytes.indexOf('trailer', offset, 'latin1') === -1
      ? bytes.length
      : bytes.indexOf('trailer', offset, 'latin1') + 4096,
  );
  const trailerAt = text.indexOf('trailer');
  if (trailerAt === -1) return null;
  const entries: [number, number][] = [];
  const lines = text
    .slice(4, trailerAt)
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  let next = 0;
  for (const line of lines) {
    const header = /^(\d+)\s+(\d+)$/.exec(line);
    if (header) {
      next = Number(header[1]);
      continue;
    }
    const row = /^(\d{10})\s+(\d{5})\s+([nf])$/.exec(line);
    if (!row) return null;
    if (row[3] === 'n') entries.push([next, Number(row[1])]);
    next += 1;
  }
  // Only the trailer dictionary: what follows it may hold outline items' own /Prev keys.
  const trailerEnd = text.indexOf('startxref', trailerAt);
  const trailer = text.slice(trailerAt, trailerEnd === -1 ? trailerAt + 1024 : trailerEnd);
  const prev = /\/Prev\s+(\d+)/.exec(trailer);
  return { entries, prev: prev ? Number(prev[1]) : null, root: rootIn(trailer) };
}

/** Field widths a reader can take (readUIntBE reads up to 6 bytes); anything else is not a table we can check. */
const MAX_FIELD_WIDTH = 6;
/** Rows one xref stream may hold; more is not a real file's table (and bounds the inflate below). */
const MAX_XREF_ROWS = 10_000_000;

/**
 * An xref stream: /W widths, /Index ranges; type-1 rows are objects at an
 * offset. Null when it cannot be read as one. The inflate is capped by the
 * rows the dictionary declares: this runs before pdf-lib and before the
 * inflate guard has looked at this stream, so an unbounded inflate here
 * would be a way around the guard.
 */
function streamSection(bytes: Buffer, offset: number): TSection | null {
  const head = bytes.toString('latin1', offset, offset + 4096);
  const dictEnd = head.indexOf('stream');
  if (dictEnd === -1 || !/\/Type\s*\/XRef\b/.test(head.slice(0, dictEnd))) return null;
  const dict = head.slice(0, dictEnd);
  const widths = /\/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(dict)?.slice(1).map(Number);
  const size = Number(/\/Size\s+(\d+)/.exec(dict)?.[1] ?? NaN);
  if (!widths || !Number.isFinite(size) || widths.some((width) => width > MAX_FIELD_WIDTH)) return null;
  const rowLength = widths[0]! + widths[1]! + widths[2]!;
  const index = /\/Index\s*\[([\d\s]*)\]/.exec(dict)?.[1]?.trim().split(/\s+/).map(Number) ?? [0, size];
  const rows = index.reduce((sum, value, at) => (at % 2 === 1 ? sum + value : sum), 0);
  if (rowLength === 0 || !Number.isSafeInteger(rows) || rows > MAX_XREF_ROWS) return null;
  const begin = offset + dictEnd + (/^stream\r?\n/.exec(head.slice(dictEnd))?.[0].length ?? 7);
  const end = bytes.indexOf('endstream', begin, 'latin1');
  if (end === -1) return null;
  let data: Buffer;
  try {
    // With the PNG predictor each row carries one extra filter byte.
    const maxOutputLength = Math.max(1, rows * (rowLength + 1));
    data = /\/Filter\s*\/FlateDecode/.test(dict)
      ? inflateSync(bytes.subarray(begin, end), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength })
      : bytes.subarray(begin, end);
  } catch {
    return null; // corrupt, or more data than the declared rows: not a table to trust
  }
  if (/\/DecodeParms/.test(dict)) data = unpredictPng(data, rowLength);
  const field = (at: number, width: number, fallback: number) => (width === 0 ? fallback : data.readUIntBE(at, width));
  const entries: [number, number][] = [];
  let at = 0;
  for (let pair = 0; pair + 1 < index.length; pair += 2) {
    for (let n = 0; n < index[pair + 1]!; n++, at += rowLength) {
      if (at + rowLength > data.length) return null;
      const type = field(at, widths[0]!, 1);
      if (type === 1) entries.push([index[pair]! + n, field(at + widths[0]!, widths[1]!, 0)]);
    }
  }
  const prev = /\/Prev\s+(\d+)/.exec(dict);
  return { entries, prev: prev ? Number(prev[1]) : null, root: rootIn(dict) };
}

/** Undoes the PNG "Up" predictor xref streams use (each row prefixed by its filter byte). */
function unpredictPng(data: Buffer, columns: number): Buffer {
  const rows = Math.floor(data.length / (columns + 1));
  const out = Buffer.alloc(rows * columns);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++) {
      const above = row > 0 ? out[(row - 1) * columns + col]! : 0;
      out[row * columns + col] = (data[row * (columns + 1) + 1 + col]! + above) & 0xff;
    }
  }
  return out;
}

/**
 * The cross-reference chain read from startxref: why it does not match the
 * bytes (empty when it does), and the /Root its newest trailer names (null
 * when no section of a readable chain names one, or the chain is broken).
 */
export function readXrefChain(data: Uint8Array): { reasons: string[]; root: TObjectId | null } {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const reasons: string[] = [];
  let root: TObjectId | null = null;
  let offset: number | null = startXref(bytes);
  if (offset === null) return { reasons: ['no startxref'], root };
  const seen = new Set<number>();
  while (offset !== null && reasons.length < MAX_REASONS) {
    if (seen.has(offset) || seen.size >= MAX_SECTIONS)
      return { reasons: [...reasons, 'the cross-reference chain loops'], root: null };
    seen.add(offset);
    if (offset >= bytes.length)
      return {
        reasons: [...reasons, `a cross-reference offset (${offset}) points past the end of the file`],
        root: null,
      };
    const isClassic: boolean = bytes.toString('latin1', offset, offset + 4) === 'xref';
    const section: TSection | null = isClassic
      ? classicSection(bytes, offset)
      : objectAt(bytes, offset) !== null
        ? streamSection(bytes, offset)
        : null;
    if (!section) return { reasons: [...reasons, `no cross-reference section at offset ${offset}`], root: null };
    root ??= section.root;
    for (const [number, at] of section.entries) {
      if (objectAt(bytes, at) === number) continue;
      reasons.push(
        at >= bytes.length
          ? `object ${number} is listed past the end of the file`
          : `object ${number} is not at its listed offset`,
      );
      if (reasons.length >= MAX_REASONS) break;
    }
    offset = section.prev;
  }
  return { reasons, root };
}

/** Why the cross-reference data does not match the bytes; empty when it does. */
export function findXrefDamage(data: Uint8Array): string[] {
  return readXrefChain(data).reasons;
}
