import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { AppError } from '@/lib/errors';
import { checkParsedStreamsInflate } from './pdf-inflate-guard';
import { countPages } from './pdf-page-tree';
import { checkPdfBytes } from './pdf-structure';
import { findPdfScripts, stripPdfScripts } from './pdf-scripts';

export type TPdfInspection = {
  /** The bytes to store: the input itself, or a rewrite without scripts. */
  bytes: Uint8Array;
  pageCount: number;
  /** What was removed (empty when the file had no scripts and is unchanged). */
  strippedScripts: string[];
};

export type TInspectPdfOptions = { maxPages: number };

// pdf-lib yields to the event loop with setTimeout(0) every N objects (default
// 100, ~1 ms per 100 objects). The server runs inspectPdf in a worker thread of
// its own (lib/server/pdf/pdf-inspector.ts), where yielding serves no one.
const PARSE_SPEED = ParseSpeeds.Fastest;

const ENCRYPTED = 'The PDF is encrypted or password-protected; upload an unprotected copy.';

async function isEncrypted(bytes: Uint8Array): Promise<boolean> {
  try {
    return (await PDFDocument.load(asBuffer(bytes), { ignoreEncryption: true, updateMetadata: false, parseSpeed: PARSE_SPEED })).isEncrypted;
  } catch {
    return false;
  }
}

/**
 * pdf-lib cuts every stream's contents out of the file with `bytes.slice()`.
 * On a plain Uint8Array that copies (10 MB of copies and garbage for a 10 MB
 * PDF, 3-4x the parse time, measured in the worker, which receives plain
 * Uint8Arrays); on a Buffer, slice is a view. Nothing here writes to them.
 */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Parses strictly for inspection; refuses with ENCRYPTED_FILE or CORRUPT_FILE. */
export async function parsePdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(asBuffer(bytes), { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false, parseSpeed: PARSE_SPEED });
  } catch (cause) {
    // Encrypted object streams cannot be parsed strictly; say why rather than "damaged".
    if (await isEncrypted(bytes)) throw new AppError('ENCRYPTED_FILE', ENCRYPTED, { cause });
    throw new AppError('CORRUPT_FILE', 'The PDF is damaged and cannot be read.', { cause });
  }
}

function pageCountOf(doc: PDFDocument): number {
  try {
    return doc.getPageCount();
  } catch (cause) {
    throw new AppError('CORRUPT_FILE', 'The PDF page tree is damaged.', { cause });
  }
}

/**
 * Decides whether a PDF may enter the product: refuses empty, truncated,
 * corrupt, encrypted, polyglot and over-long files; takes out JavaScript and
 * other self-running actions, then re-reads the result to prove none remain.
 */
export async function inspectPdf(input: Uint8Array, options: TInspectPdfOptions): Promise<TPdfInspection> {
  checkPdfBytes(input);
  checkParsedStreamsInflate(input);
  const doc = await parsePdf(input);
  if (doc.isEncrypted) {
    throw new AppError('ENCRYPTED_FILE', ENCRYPTED);
  }
  countPages(doc, options.maxPages);
  const pageCount = pageCountOf(doc);
  if (pageCount === 0) throw new AppError('CORRUPT_FILE', 'The PDF has no pages.');
  const scripts = findPdfScripts(doc);
  if (scripts.length === 0) return { bytes: input, pageCount, strippedScripts: [] };

  stripPdfScripts(doc);
  const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  const reread = await parsePdf(bytes);
  const left = findPdfScripts(reread);
  if (left.length > 0 || pageCountOf(reread) !== pageCount) {
    throw new AppError('UNSAFE_FILE', `The PDF holds scripts that could not be removed (${left.join(', ')}).`);
  }
  return { bytes, pageCount, strippedScripts: scripts };
}
