import 'server-only';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';

/**
 * The file's revisions as pdf-lib reads them: the prefix up to an offset (a
 * revision as a signer saw it); null when pdf-lib cannot read it. pdf-lib reads
 * objects in file order, a later definition replacing an earlier one, as an
 * incremental update does.
 *
 * A full parse of a hostile file can take hundreds of MB, and a file may hold
 * 64 signatures with as many revisions: only the final revision is kept (every
 * earlier one is compared with it); an earlier one is parsed when asked and
 * kept by no one here, so the caller, asking for each end once and dropping it
 * when done (validate-pdf.ts), never holds more than two parses at once.
 */
export class Revisions {
  private final: Promise<PDFDocument | null> | undefined;
  private readonly buffer: Buffer;

  constructor(bytes: Uint8Array) {
    // A Buffer's subarray is a view: pdf-lib's slices of it copy nothing.
    this.buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.buffer.byteLength;
  }

  /** The whole file, parsed once. */
  latest(): Promise<PDFDocument | null> {
    this.final ??= this.parse(this.buffer.byteLength);
    return this.final;
  }

  /** The revision ending at `end`: the kept final one for the whole file, else a fresh parse nobody keeps. */
  at(end: number): Promise<PDFDocument | null> {
    return end >= this.buffer.byteLength ? this.latest() : this.parse(end);
  }

  private parse(end: number): Promise<PDFDocument | null> {
    return PDFDocument.load(this.buffer.subarray(0, end), {
      ignoreEncryption: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    }).catch(() => null);
  }
}
