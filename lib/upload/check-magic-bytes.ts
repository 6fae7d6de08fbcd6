import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { AppError } from '@/lib/errors';
import type { TFileKind } from './file-kind';

/** What the bytes say they are (file-type's extension), or undefined when unknown. */
export async function sniffFileType(input: string | Uint8Array): Promise<string | undefined> {
  const result = typeof input === 'string' ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  return result?.ext;
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
  throw new AppError(
    'FILE_TYPE_MISMATCH',
    `The file is named .${kind.extension} but its content is ${found}.`,
  );
}
