import 'server-only';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import type { TValidationReport } from '@/lib/api/v1/validate';
import { AppError } from '@/lib/errors';
import { uploadLimits } from '@/lib/server/documents/create-document-from-upload';
import { readMultipartUpload } from '@/lib/server/documents/read-multipart-upload';
import { spoolUpload } from '@/lib/server/documents/spool-upload';
import { getPdfInspector } from '@/lib/server/pdf/pdf-inspector';
import { sniffFileType } from '@/lib/upload/check-magic-bytes';
import { checkSignetEvidence } from './check-signet-evidence';
import type { TTrustAnchors } from './trust-anchors';
import { validatePdf } from './validate-pdf';

/**
 * POST /api/v1/validate: the multipart `file` read into memory (never to
 * disk, never stored) under the upload size limit, refused like an upload
 * when it is not a PDF or the inspector finds it hostile (encrypted, damaged
 * beyond repair, a bomb, too many pages), then validated.
 */
export async function validateUpload(request: Request, anchors: () => Promise<TTrustAnchors>): Promise<TValidationReport> {
  const limits = uploadLimits();
  const upload = await readMultipartUpload(request, { maxBytes: limits.maxBytes, fieldName: 'file' });
  const sizeHint = Number(request.headers.get('content-length')) || undefined;
  const spooled = await spoolUpload(upload.data, null, { maxBytes: limits.maxBytes, keepInMemory: true, sizeHint });
  const bytes = spooled.bytes;
  if (!bytes) throw new Error('the upload was not kept in memory');
  if ((await sniffFileType(bytes)) !== 'pdf') throw new AppError('FILE_TYPE_MISMATCH', 'The validator checks PDF files, and this file is not a PDF.');
  // The inspector's refusals (AppErrors: 422) are the upload path's; what it would repair or strip is ignored: we judge the bytes as sent.
  await getPdfInspector().inspect(bytes, { maxPages: limits.maxPages });
  const report = await validatePdf(bytes, { anchors: await anchors() });
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest }).catch(() => null);
  const signet = await checkSignetEvidence(bytes, doc);
  return signet ? { ...report, signet } : report;
}
