import 'server-only';
import { readFile } from 'node:fs/promises';
import type { OfficeConverter } from '@/lib/server/office/convert-to-pdf';
import { getPdfInspector } from '@/lib/server/pdf/pdf-inspector';
import { checkMagicBytes, sniffFileType } from '@/lib/server/file-type/check-magic-bytes';
import type { TFileKind } from '@/lib/upload/file-kind';
import { inspectOfficePackage } from '@/lib/server/file-type/inspect-office';
import { inspectOle2 } from '@/lib/server/file-type/inspect-ole2';
import { inspectRtf } from '@/lib/server/file-type/inspect-rtf';
import type { TSpooled } from './spool-upload';

function onDisk(upload: TSpooled): string {
  if (!upload.file) throw new Error('office files must be spooled to disk');
  return upload.file;
}

export type TContentCheckOptions = { maxPages: number; converter: OfficeConverter };

/**
 * A checked upload: its page count, the scripts taken out of it, and the PDF
 * the product works on when that is not the original itself (an office file's
 * conversion, a PDF without its scripts); null when the original is that PDF.
 */
export type TCheckedContent = {
  pageCount: number;
  strippedScripts: string[];
  workingPdf: Uint8Array | null;
  /** A damaged PDF rewritten: stored in place of the received bytes, which are kept only as a hash. */
  repairedOriginal?: { bytes: Uint8Array; reasons: string[] };
};

/**
 * Runs the checks that fit the claimed kind: the uploaded PDF inspected (and
 * its scripts taken out), or the office file inspected and converted. Every
 * refusal is an AppError that says why.
 */
export async function checkUploadContent(
  kind: TFileKind,
  upload: TSpooled,
  options: TContentCheckOptions,
): Promise<TCheckedContent> {
  if (kind.container === 'pdf') {
    // pdf-lib needs the whole file; the size limit bounds it. The spool's shared memory is read in place by the worker.
    const bytes = upload.bytes ?? (await readFile(onDisk(upload)));
    await checkMagicBytes(kind, bytes);
    const check = await getPdfInspector().inspect(bytes, { maxPages: options.maxPages });
    const repairedOriginal = check.repaired ? { bytes: check.repaired, reasons: check.repairs } : undefined;
    return {
      pageCount: check.pageCount,
      strippedScripts: check.strippedScripts,
      workingPdf: check.rewritten,
      repairedOriginal,
    };
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
      await inspectRtf(file);
      break;
  }
  const pdf = await options.converter.convert(file, kind.extension);
  return { pageCount: pdf.pageCount, strippedScripts: pdf.strippedScripts, workingPdf: pdf.bytes };
}
