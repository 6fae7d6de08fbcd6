import 'server-only';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';

export type TRevisionLoader = (end: number) => Promise<PDFDocument | null>;

/**
 * Loads the file's prefix up to `end` (a revision as the signer saw it) with
 * pdf-lib, once per end; null when pdf-lib cannot read it. pdf-lib reads
 * objects in file order, a later definition replacing an earlier one, as an
 * incremental update does.
 */
export function revisionLoader(bytes: Uint8Array): TRevisionLoader {
  const cache = new Map<number, Promise<PDFDocument | null>>();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (end) => {
    let loaded = cache.get(end);
    if (!loaded) {
      // A Buffer's subarray is a view: pdf-lib's slices of it copy nothing.
      loaded = PDFDocument.load(buffer.subarray(0, end), { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest }).catch(() => null);
      cache.set(end, loaded);
    }
    return loaded;
  };
}
