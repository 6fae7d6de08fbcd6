import { open } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { AppError } from '@/lib/errors';
import { hasPdfHeaderAfterPlainText } from '@/lib/server/pdf/pdf-structure';
import type { TFileKind } from '../../upload/file-kind';

/** The first `length` bytes of a file or of the bytes. */
async function headOf(input: string | Uint8Array, length: number): Promise<Uint8Array> {
  if (typeof input !== 'string') return input.subarray(0, length);
  const file = await open(input, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * What the bytes say they are (file-type's extension), or undefined when
 * unknown. The one rule for every path that takes files (uploads, the
 * validator, signer attachments): file-type wants %PDF at byte 0, but readers
 * take a PDF whose header follows plain text within its first 1,024 bytes
 * (lib/server/pdf/pdf-structure.ts), so such a file is a PDF here too.
 */
export async function sniffFileType(input: string | Uint8Array): Promise<string | undefined> {
  const result = typeof input === 'string' ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  if (result) return result.ext;
  return hasPdfHeaderAfterPlainText(await headOf(input, 1024)) ? 'pdf' : undefined;
}

/**
 * The claimed type (from the extension) must agree with the sniffed bytes:
 * a .docx must be an OOXML word document, a .pdf must start as a PDF, and so on.
 * `input` is a file path (preferred: nothing is loaded whole) or the bytes.
 */
export async function checkMagicBytes(kind: TFileKind, input: string | Uint8Array): Promise<void> {
  const sniffed = await sniffFileType(input);
  if (sniffed && kind.sniffed.includes(sniffed)) return;
  const found = sniffed ? `a .${sniffed} file` : 'of an unknown type';
  throw new AppError('FILE_TYPE_MISMATCH', `The file is named .${kind.extension} but its content is ${found}.`);
}
