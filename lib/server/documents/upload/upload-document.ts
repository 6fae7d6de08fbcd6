import 'server-only';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import type { TFormBody, TMultipartBody } from '@/lib/server/http/request-body';
import {
  assertLegacyOwner,
  dataUrlSizeHint,
  decodeDataUrl,
  legacyBodyLimit,
  legacyFileName,
  legacyUploadResult,
  type TLegacyUploadForm,
  type TLegacyUploadResult,
} from '@/lib/upload/legacy-upload';
import {
  createDocumentFromUpload,
  type TCreateDocumentFromUploadOptions,
  type TUploadOwner,
} from './create-document-from-upload';
import { uploadLimits } from './upload-limits';
import { inEncodedUploadSlot } from './encoded-upload-slot';
import { refuseUploadEarly } from './refuse-upload-early';

/** What the routes pass through to createDocumentFromUpload (tests inject their own). */
export type TUploadDeps = Pick<
  TCreateDocumentFromUploadOptions,
  'client' | 'store' | 'converter' | 'limits' | 'tempRoot'
>;

/**
 * POST /REST/uploadDocument (the legacy contract, docs/uploads.md), for a caller the route has already
 * authenticated: the form docData/docOwner/documentName/docExtension/applicationMode, answered by
 * {"uploadResult":"OK","document":{doctoken,docname,docid}}. docOwner must be the caller (403 otherwise).
 */
export function uploadLegacyDocument(
  body: TFormBody<TLegacyUploadForm>,
  caller: TUploadOwner,
  meta: TRequestMeta,
  deps: TUploadDeps = {},
): Promise<TLegacyUploadResult> {
  // The data URL text and the decoded file are both held: a few such bodies per owner at once.
  return inEncodedUploadSlot(caller.id, async () => {
    const limits = deps.limits ?? uploadLimits();
    // The form's read refuses a declared length over its limit itself; the quota is checked before the body is read.
    await refuseUploadEarly(caller, { client: deps.client });
    const form = await body.read(legacyBodyLimit(limits.maxBytes));
    assertLegacyOwner(form, caller.email);
    const document = await createDocumentFromUpload({
      ...deps,
      limits,
      owner: caller,
      fileName: legacyFileName(form),
      data: decodeDataUrl(form.docData),
      sizeHint: dataUrlSizeHint(form.docData),
      ...meta,
    });
    return legacyUploadResult(document);
  });
}

/**
 * The streaming multipart upload of our own UI: one file (field "file"),
 * never held whole in memory beyond what the PDF check needs. Same answer as
 * the legacy contract, so the upload panel reads both the same way.
 */
export async function uploadMultipartDocument(
  body: TMultipartBody,
  caller: TUploadOwner,
  meta: TRequestMeta,
  deps: TUploadDeps = {},
): Promise<TLegacyUploadResult> {
  const limits = deps.limits ?? uploadLimits();
  await refuseUploadEarly(caller, { client: deps.client, file: { body, maxBytes: limits.maxBytes } });
  const upload = await body.read(limits.maxBytes);
  const document = await createDocumentFromUpload({
    ...deps,
    limits,
    owner: caller,
    fileName: upload.fileName,
    data: upload.data,
    // The file is the body less the form's few hundred bytes of framing.
    sizeHint: body.declaredBytes,
    ...meta,
  });
  return legacyUploadResult(document);
}
