import CFB from 'cfb';
import { AppError } from '@/lib/errors';

// Storages and streams where Office keeps VBA: Word's Macros/, Excel's
// _VBA_PROJECT_CUR/, and the VBA project streams themselves.
const VBA_PATH = /\/(Macros|_VBA_PROJECT_CUR|VBA)\/|\/_VBA_PROJECT$|\/PROJECT(wm)?$/i;
// An encrypted OOXML file is an OLE2 container around the encrypted package.
const ENCRYPTED_PATH = /\/(EncryptionInfo|EncryptedPackage)$/i;
// Word 97 FIB flag word at offset 0x0A: bit 8 is fEncrypted.
const FIB_FLAGS_OFFSET = 0x0a;
const F_ENCRYPTED = 0x0100;

function readContainer(file: string | Uint8Array): CFB.CFB$Container {
  try {
    return typeof file === 'string'
      ? CFB.read(file, { type: 'file' })
      : CFB.read(Buffer.from(file), { type: 'buffer' });
  } catch (cause) {
    throw new AppError('CORRUPT_FILE', 'The document is not a readable OLE2 compound file.', { cause });
  }
}

/** Refuses a legacy OLE2 (.doc) file that holds VBA macros or is encrypted. */
export function inspectOle2(file: string | Uint8Array): void {
  const container = readContainer(file);
  const paths = container.FullPaths.map((full) => `/${full.split('/').slice(1).join('/')}`);
  if (paths.some((p) => ENCRYPTED_PATH.test(p))) {
    throw new AppError('ENCRYPTED_FILE', 'The document is password-protected.');
  }
  const vba = paths.find((p) => VBA_PATH.test(p));
  if (vba) {
    throw new AppError(
      'UNSAFE_FILE',
      `The document contains macros, which we do not accept (${vba.replace(/\/$/, '')}).`,
    );
  }
  const word = CFB.find(container, 'WordDocument');
  const content = word?.content;
  if (content && content.length > FIB_FLAGS_OFFSET + 1) {
    const flags = (content[FIB_FLAGS_OFFSET] ?? 0) | ((content[FIB_FLAGS_OFFSET + 1] ?? 0) << 8);
    if (flags & F_ENCRYPTED) throw new AppError('ENCRYPTED_FILE', 'The document is password-protected.');
  }
}
