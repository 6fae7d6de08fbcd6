import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { AppError, isAppError } from '@/lib/errors';
import { checkDecodedStreams, checkParsedStreamsInflate } from './pdf-inflate-guard';
import { checkObjectNumbers, checkStreamLengths } from './pdf-number-limits';
import { countPages } from './pdf-page-tree';
import { findRootDamage } from './pdf-root';
import { checkPdfBytes } from './pdf-structure';
import { findPdfScripts, stripPdfScripts } from './pdf-scripts';
import { findXrefDamage, readXrefChain } from './pdf-xref-check';
import { checkRepaired, qpdfCheck, repairPdf, type TRepairTrailer } from './repair-pdf';

export type TPdfInspection = {
  /** The bytes to work on: the input itself, the repaired file, or a rewrite without scripts. */
  bytes: Uint8Array;
  pageCount: number;
  /** What was removed (empty when the file had no scripts and is unchanged). */
  strippedScripts: string[];
  /** Set when the input was damaged: the repaired file (stored instead of the input) and what was wrong. */
  repaired?: { bytes: Uint8Array; reasons: string[] };
};

export type TInspectPdfOptions = {
  maxPages: number;
  /**
   * Refuse, never change: the same refusals, but damage the parser reads past
   * is left as it is, scripts are not taken out and qpdf never runs. For the
   * public validator, which judges the bytes as sent (a repaired or rewritten
   * file is not the signed one) within a budget a qpdf run would not fit.
   */
  checkOnly?: boolean;
};

// pdf-lib yields to the event loop with setTimeout(0) every N objects (default
// 100, ~1 ms per 100 objects). The server runs inspectPdf in a worker thread of
// its own (lib/server/pdf/pdf-inspector.ts), where yielding serves no one.
const PARSE_SPEED = ParseSpeeds.Fastest;

const ENCRYPTED = 'The PDF is encrypted or password-protected; upload an unprotected copy.';

async function isEncrypted(bytes: Uint8Array): Promise<boolean> {
  try {
    return (
      await PDFDocument.load(asBuffer(bytes), {
        ignoreEncryption: true,
        updateMetadata: false,
        parseSpeed: PARSE_SPEED,
      })
    ).isEncrypted;
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

/**
 * Parses for inspection, strictly unless `lenient` (objects pdf-lib cannot
 * read are then left out, as the validator's own parse does); refuses with
 * ENCRYPTED_FILE or CORRUPT_FILE.
 */
export async function parsePdf(bytes: Uint8Array, lenient = false): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(asBuffer(bytes), {
      ignoreEncryption: true,
      throwOnInvalidObject: !lenient,
      updateMetadata: false,
      parseSpeed: PARSE_SPEED,
    });
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
 * corrupt, encrypted, polyglot and over-long files, decompression bombs and
 * numbers readers cannot hold; takes out JavaScript and other self-running
 * actions, then re-reads the result to prove none remain. A damaged file that
 * readers repair (text before its header, cross-reference data or stream
 * lengths that do not match its bytes, a trailer that misses the catalog, or
 * pdf-lib cannot read it strictly) is rewritten by qpdf and inspected again:
 * what is stored is the repaired file, which `qpdf --check` finds clean, never
 * the damaged one.
 */
export async function inspectPdf(input: Uint8Array, options: TInspectPdfOptions): Promise<TPdfInspection> {
  const { headerOffset } = checkPdfBytes(input);
  checkParsedStreamsInflate(input);
  const chain = readXrefChain(input);
  const damage = [
    ...(headerOffset > 0 ? [`${headerOffset} bytes of text before the PDF header`] : []),
    ...chain.reasons,
  ];
  let doc: PDFDocument;
  try {
    doc = await parsePdf(input, options.checkOnly);
  } catch (error) {
    if (isAppError(error) && error.code === 'CORRUPT_FILE' && !options.checkOnly)
      return inspectRepaired(input, [...damage, 'pdf-lib cannot read it as it is'], options);
    throw error;
  }
  checkObjectNumbers(doc);
  damage.push(...checkStreamLengths(doc, input.length));
  const root = findRootDamage(doc, chain.root);
  if (root) damage.push(root.reason);
  if (damage.length > 0 && !options.checkOnly) {
    const trailer = root ? { root: root.catalog.toString(), info: root.info?.toString() ?? null } : undefined;
    return inspectRepaired(input, damage, options, trailer);
  }
  const inspected = await inspectParsed(input, doc, options);
  // Streams pdf-lib decoded (LZW, ASCII85, RunLength) may be corrupt without its knowing: qpdf judges those files.
  if (inspected.unverified && !options.checkOnly) {
    const complaint = await qpdfCheck(input);
    if (complaint) throw damagedData(complaint);
  }
  return inspected.result;
}

const damagedData = (where: string) =>
  new AppError(
    'CORRUPT_FILE',
    `The PDF holds damaged compressed data that readers cannot show in full (${where}); save or print it to a new PDF and upload that.`,
  );

async function inspectRepaired(
  input: Uint8Array,
  reasons: string[],
  options: TInspectPdfOptions,
  trailer?: TRepairTrailer,
): Promise<TPdfInspection> {
  const repaired = await repairPdf(input, { trailer });
  const left = findXrefDamage(repaired);
  if (left.length > 0) throw new AppError('CORRUPT_FILE', `The PDF is damaged and could not be repaired (${left[0]}).`);
  checkPdfBytes(repaired);
  checkParsedStreamsInflate(repaired);
  const doc = await parsePdf(repaired);
  checkObjectNumbers(doc);
  const { result } = await inspectParsed(repaired, doc, options);
  // Only now, its streams bounded, may qpdf decode them all to check the file.
  await checkRepaired(repaired);
  return { ...result, repaired: { bytes: repaired, reasons } };
}

async function inspectParsed(
  input: Uint8Array,
  doc: PDFDocument,
  options: TInspectPdfOptions,
): Promise<{ result: TPdfInspection; unverified: boolean }> {
  if (doc.isEncrypted) {
    throw new AppError('ENCRYPTED_FILE', ENCRYPTED);
  }
  countPages(doc, options.maxPages);
  const streams = await checkDecodedStreams(doc);
  if (streams.damaged.length > 0) throw damagedData(streams.damaged.slice(0, 3).join(', '));
  const pageCount = pageCountOf(doc);
  if (pageCount === 0) throw new AppError('CORRUPT_FILE', 'The PDF has no pages.');
  const scripts = findPdfScripts(doc);
  if (scripts.length === 0 || options.checkOnly)
    return { result: { bytes: input, pageCount, strippedScripts: [] }, unverified: streams.unverified };

  stripPdfScripts(doc);
  const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  const reread = await parsePdf(bytes);
  const left = findPdfScripts(reread);
  if (left.length > 0 || pageCountOf(reread) !== pageCount) {
    throw new AppError('UNSAFE_FILE', `The PDF holds scripts that could not be removed (${left.join(', ')}).`);
  }
  return { result: { bytes, pageCount, strippedScripts: scripts }, unverified: streams.unverified };
}
