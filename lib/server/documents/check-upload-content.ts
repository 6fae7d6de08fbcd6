import 'server-only';
import { readFile } from 'node:fs/promises';
import type { TPdfInspection } from '@/lib/pdf/inspect-pdf';
import type { OfficeConverter } from '@/lib/server/office/convert-to-pdf';
import { getPdfInspector } from '@/lib/server/pdf/pdf-inspector';
import { checkMagicBytes, sniffFileType } from '@/lib/upload/check-magic-bytes';
import type { TFileKind } from '@/lib/upload/file-kind';
import { inspectOfficePackage } from '@/lib/upload/inspect-office';
import { inspectOle2 } from '@/lib/upload/inspect-ole2';
import type { TSpooled } from './spool-upload';

function onDisk(upload: TSpooled): string {
  if (!upload.file) throw new Error('office files must be spooled to disk');
  return upload.file;
}

export type TContentCheckOptions = { maxPages: number; converter: OfficeConverter };

/**
 * Runs the checks that fit the claimed kind and yields the PDF the product
 * works on: the uploaded PDF (scripts stripped), or the office file converted.
 * Every refusal is an AppError that says why.
 */
export async function checkUploadContent(kind: TFileKind, upload: TSpooled, options: TContentCheckOptions): Promise<TPdfInspection> {
  if (kind.container === 'pdf') {
    // pdf-lib needs the whole file; the size limit bounds it. The bytes move to the inspector's worker.
    const bytes = upload.bytes ?? (await readFile(onDisk(upload)));
    await checkMagicBytes(kind, bytes);
    return getPdfInspector().inspect(bytes, { maxPages: options.maxPages });
  }
  const file = onDisk(upload);
  // A password-protected .docx/.xlsx is an OLE2 wrapper: say "encrypted", not "wrong type".
  if (kind.container === 'ooxml' && (await sniffFileType(file)) === 'cfb') inspectOle2(file);
  await checkMagicBytes(kind, file);
  switch (kind.container) {
    case 'ooxml':
    case 'odf':
      await inspectOfficePackage(file);
      break;
    case 'ole2':
      inspectOle2(file);
      break;
    case 'rtf':
      break;
  }
  return options.converter.convert(file, kind.extension);
}
