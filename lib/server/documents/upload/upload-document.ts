import 'server-only';
import { AppError } from '@/lib/errors';
import { requestMeta } from '@/lib/server/http/client-address';
import { closingOnRefusal } from '@/lib/server/http/closing-on-refusal';
import { readBoundedText } from '@/lib/server/http/read-bounded-text';
import {
  assertLegacyOwner,
  dataUrlSizeHint,
  decodeDataUrl,
  legacyBodyLimit,
  legacyFileName,
  legacyUploadResult,
  type TLegacyUploadResult,
  ZLegacyUploadForm,
} from '@/lib/upload/legacy-upload';
import {
  createDocumentFromUpload,
  type TCreateDocumentFromUploadOptions,
  type TUploadOwner,
} from './create-document-from-upload';
import { uploadLimits } from './upload-limits';
import { inEncodedUploadSlot } from './encoded-upload-slot';
import { readMultipartUpload } from '@/lib/server/http/read-multipart-upload';
import { refuseUploadEarly } from './refuse-upload-early';

/** What the routes pass through to createDocumentFromUpload (tests inject their own). */
export type TUploadDeps = Pick<
  TCreateDocumentFromUploadOptions,
  'client' | 'store' | 'converter' | 'limits' | 'tempRoot'
>;

/**
 * POST /REST/uploadDocument (the legacy contract, docs/uploads.md), for a caller the route has already
 * authenticated: form-urlencoded docData/docOwner/documentName/docExtension/
 * applicationMode → {"uploadResult":"OK","document":{doctoken,docname,docid}}.
 * docOwner must be the caller (403 otherwise).
 */
export function uploadLegacyDocument(
  request: Request,
  caller: TUploadOwner,
  deps: TUploadDeps = {},
): Promise<TLegacyUploadResult> {
  // The data URL text and the decoded file are both held: a few such bodies per owner at once.
  return closingOnRefusal(() => inEncodedUploadSlot(caller.id, () => uploadLegacy(request, caller, deps)));
}

async function uploadLegacy(request: Request, caller: TUploadOwner, deps: TUploadDeps): Promise<TLegacyUploadResult> {
  const limits = deps.limits ?? uploadLimits();
  if (!/^application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the legacy upload as application/x-www-form-urlencoded.');
  }
  // readBoundedText refuses a Content-Length over its limit itself; the quota is checked before the body is read.
  await refuseUploadEarly(request, caller, { client: deps.client });
  const body = await readBoundedText(request, legacyBodyLimit(limits.maxBytes));
  const form = ZLegacyUploadForm.parse(Object.fromEntries(new URLSearchParams(body)));
  assertLegacyOwner(form, caller.email);
  const document = await createDocumentFromUpload({
    ...deps,
    limits,
    owner: caller,
    fileName: legacyFileName(form),
    data: decodeDataUrl(form.docData),
    sizeHint: dataUrlSizeHint(form.docData),
    ...requestMeta(request),
  });
  return legacyUploadResult(document);
}

/**
 * The streaming multipart upload of our own UI: one file (field "file"),
 * never held whole in memory beyond what the PDF check needs. Same answer as
 * the legacy contract, so the upload panel reads both the same way.
 */
export function uploadMultipartDocument(
  request: Request,
  caller: TUploadOwner,
  deps: TUploadDeps = {},
): Promise<TLegacyUploadResult> {
  return closingOnRefusal(() => uploadMultipart(request, caller, deps));
}

async function uploadMultipart(
  request: Request,
  caller: TUploadOwner,
  deps: TUploadDeps,
): Promise<TLegacyUploadResult> {
  const limits = deps.limits ?? uploadLimits();
  await refuseUploadEarly(request, caller, { client: deps.client, maxBytes: limits.maxBytes });
  const upload = await readMultipartUpload(request, { maxBytes: limits.maxBytes, fieldName: 'file' });
  const document = await createDocumentFromUpload({
    ...deps,
    limits,
    owner: caller,
    fileName: upload.fileName,
    data: upload.data,
    // The file is the body less the form's few hundred bytes of framing.
    sizeHint: Number(request.headers.get('content-length')) || undefined,
    ...requestMeta(request),
  });
  return legacyUploadResult(document);
}
