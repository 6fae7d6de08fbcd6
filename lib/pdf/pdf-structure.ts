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

/** True when a ZIP end-of-central-directory record closes the data (its comment ends exactly at the end). */
export function endsWithZipDirectory(bytes: Buffer): boolean {
  // Only the tail can hold it (the record and a comment of at most 64 KB): the rest of a large PDF is never read.
  const tail = bytes.subarray(Math.max(0, bytes.length - EOCD_SIZE - MAX_ZIP_COMMENT));
  for (let at = tail.lastIndexOf(EOCD); at !== -1; at = at > 0 ? tail.lastIndexOf(EOCD, at - 1) : -1) {
    if (at + EOCD_SIZE <= tail.length && at + EOCD_SIZE + tail.readUInt16LE(at + 20) === tail.length) return true;
  }
  return false;
}

export function checkPdfBytes(data: Uint8Array): void {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.length === 0) throw new AppError('EMPTY_FILE', 'The file is empty (0 bytes).');
  const header = bytes.subarray(0, HEAD_WINDOW).indexOf(HEADER);
  if (header > 0) {
    throw new AppError('UNSAFE_FILE', `The file has ${header} bytes of other data before its PDF header (a polyglot file).`);
  }
  if (header === -1) throw new AppError('CORRUPT_FILE', 'The file does not start with a PDF header (%PDF-).');
  const head = bytes.subarray(0, HEAD_WINDOW).toString('latin1').toLowerCase();
  const html = HTML_MARKERS.find((marker) => head.includes(marker));
  if (html) throw new AppError('UNSAFE_FILE', `The PDF also reads as a web page (${html}> near its start).`);
  if (endsWithZipDirectory(bytes)) throw new AppError('UNSAFE_FILE', 'The PDF is also a ZIP archive (a polyglot file).');
  if (bytes.subarray(Math.max(0, bytes.length - TAIL_WINDOW)).indexOf(EOF_MARKER) === -1) {
    throw new AppError('CORRUPT_FILE', 'The PDF is truncated: it has no %%EOF end marker.');
  }
}
