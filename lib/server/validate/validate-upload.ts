import 'server-only';
import type { TValidationReport } from '@/lib/api/v1/validate';
import { AppError } from '@/lib/errors';
import { uploadLimits } from '@/lib/server/documents/upload/upload-limits';
import type { TMultipartBody } from '@/lib/server/http/request-body';
import { spoolUpload } from '@/lib/server/documents/upload/spool-upload';
import { sniffFileType } from '@/lib/server/file-type/check-magic-bytes';
import { checkSignetEvidence } from './check-signet-evidence';
import { getPdfValidator, type PdfValidator } from './pdf-validator';
import type { TTrustAnchors } from './trust-anchors';

/**
 * POST /api/v1/validate: the multipart `file` read into memory (never to
 * disk, never stored) under the upload size limit, refused like an upload
 * when it is not a PDF or the upload checks find it hostile (encrypted,
 * damaged beyond repair, a bomb, too many pages), then validated. All work on
 * the file's content runs in the validator's worker (pdf-validator.ts); this
 * thread only reads the upload and looks the file's evidence up in the database.
 * Files are admitted before their body is read, as many as the validator can
 * run and queue (PdfValidator.admit).
 */
export async function validateUpload(
  body: TMultipartBody,
  anchors: () => Promise<TTrustAnchors>,
): Promise<TValidationReport> {
  const validator = getPdfValidator();
  // Before a byte of the body is read: a busy validator refuses at once (503), holding nothing.
  const release = await validator.admit();
  try {
    return await validateAdmitted(body, validator, anchors);
  } finally {
    release();
  }
}

async function validateAdmitted(
  body: TMultipartBody,
  validator: PdfValidator,
  anchors: () => Promise<TTrustAnchors>,
): Promise<TValidationReport> {
  const limits = uploadLimits();
  const upload = await body.read(limits.maxBytes);
  const spooled = await spoolUpload(upload.data, null, {
    maxBytes: limits.maxBytes,
    keepInMemory: true,
    sizeHint: body.declaredBytes,
  });
  const bytes = spooled.bytes;
  if (!bytes) throw new Error('the upload was not kept in memory');
  if ((await sniffFileType(bytes)) !== 'pdf')
    throw new AppError('FILE_TYPE_MISMATCH', 'The validator checks PDF files, and this file is not a PDF.');
  const { report, evidence } = await validator.validate(bytes, { maxPages: limits.maxPages, anchors: await anchors() });
  const signet = await checkSignetEvidence(evidence);
  return signet ? { ...report, signet } : report;
}
