import { AppError } from '@/lib/errors';

/**
 * Byte-level checks done before any parser sees the file: a PDF must start with
 * its header, end with its end marker, and be nothing else at the same time.
 * A polyglot (a PDF that is also a ZIP or an HTML page) behaves differently
 * depending on who opens it, so it is refused rather than repaired.
 */

const HEADER = Buffer.from('%PDF-');
const EOF_MARKER = Buffer.from('%%EOF');
const HEAD_WINDOW = 1024;
const TAIL_WINDOW = 1024;
const HTML_MARKERS = ['<html', '<!doctype', '<script', '<body', '<iframe', '<svg'];
const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const EOCD_SIZE = 22;
const MAX_ZIP_COMMENT = 0xffff;

/**
 * Readers find the header anywhere in the first 1,024 bytes, and real files
 * carry lines before it (printer job commands, a saved HTTP response header,
 * the PDF Association's own PDF 2.0 example). Such a prefix is taken only when
 * it is plain text without markup (tab, line breaks, ESC for printer commands,
 * printable ASCII but < and >): other bytes there would make the file some
 * other format too. The file is then stored rewritten from its header on
 * (inspectPdf repairs it), never with the prefix.
 */
const PLAIN_PREFIX = /^[\t\n\f\r\x1b\x20-\x3b=\x3f-\x7e]*$/;

function asBuffer(data: Uint8Array): Buffer {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** Where the PDF header starts within the first 1,024 bytes (-1: not there). */
export function pdfHeaderOffset(data: Uint8Array): number {
  return asBuffer(data).subarray(0, HEAD_WINDOW).indexOf(HEADER);
}

/** The header is in the first 1,024 bytes, after nothing or after plain text only. */
export function hasPdfHeaderAfterPlainText(data: Uint8Array): boolean {
  const header = pdfHeaderOffset(data);
  return header >= 0 && PLAIN_PREFIX.test(asBuffer(data).toString('latin1', 0, header));
}

/** True when a ZIP end-of-central-directory record closes the data (its comment ends exactly at the end). */
export function endsWithZipDirectory(bytes: Buffer): boolean {
  // Only the tail can hold it (the record and a comment of at most 64 KB): the rest of a large PDF is never read.
  const tail = bytes.subarray(Math.max(0, bytes.length - EOCD_SIZE - MAX_ZIP_COMMENT));
  for (let at = tail.lastIndexOf(EOCD); at !== -1; at = at > 0 ? tail.lastIndexOf(EOCD, at - 1) : -1) {
    if (at + EOCD_SIZE <= tail.length && at + EOCD_SIZE + tail.readUInt16LE(at + 20) === tail.length) return true;
  }
  return false;
}

/** Refuses what no repair may touch; answers how many bytes of plain text precede the header (0 for most files). */
export function checkPdfBytes(data: Uint8Array): { headerOffset: number } {
  const bytes = asBuffer(data);
  if (bytes.length === 0) throw new AppError('EMPTY_FILE', 'The file is empty (0 bytes).');
  const header = pdfHeaderOffset(bytes);
  if (header === -1) throw new AppError('CORRUPT_FILE', 'The file does not start with a PDF header (%PDF-).');
  if (header > 0 && !hasPdfHeaderAfterPlainText(bytes)) {
    throw new AppError(
      'UNSAFE_FILE',
      `The file has ${header} bytes of other data before its PDF header (a polyglot file).`,
    );
  }
  const head = bytes.subarray(0, HEAD_WINDOW).toString('latin1').toLowerCase();
  const html = HTML_MARKERS.find((marker) => head.includes(marker));
  if (html) throw new AppError('UNSAFE_FILE', `The PDF also reads as a web page (${html}> near its start).`);
  if (endsWithZipDirectory(bytes))
    throw new AppError('UNSAFE_FILE', 'The PDF is also a ZIP archive (a polyglot file).');
  if (bytes.subarray(Math.max(0, bytes.length - TAIL_WINDOW)).indexOf(EOF_MARKER) === -1) {
    throw new AppError('CORRUPT_FILE', 'The PDF is truncated: it has no %%EOF end marker.');
  }
  return { headerOffset: header };
}
