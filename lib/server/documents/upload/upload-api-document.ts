import 'server-only';
import { z } from 'zod';
import { plainText } from '@/lib/api/v1/text';
import { AppError } from '@/lib/errors';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import type { TJsonBody, TMultipartBody } from '@/lib/server/http/request-body';
import type { TUploadOwner } from './create-document-from-upload';
import { uploadLimits } from './upload-limits';
import { inEncodedUploadSlot } from './encoded-upload-slot';
import { refuseUploadEarly } from './refuse-upload-early';
import { storeApiDocument, type TCreatedDocument, uploadFileName } from './store-api-document';

export const ZUploadJson = z.object({
  name: plainText(200),
  content: z.base64('content must be base64.').min(1, 'content is empty.'),
});
export type TUploadJson = z.infer<typeof ZUploadJson>;
const ZUploadName = plainText(200).optional();

/** Base64 of `bytes`, plus room for the JSON around it. */
const jsonLimit = (bytes: number) => Math.ceil(bytes / 3) * 4 + 64 * 1024;

/** One chunk at a time, so the upload path's size limit stops an oversized file as it would a stream. */
export async function* chunked(bytes: Uint8Array, size = 1024 * 1024): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

/** What POST /api/v1/documents takes: a streamed multipart file, or the file as base64 in JSON. */
export type TApiUploadBody = TMultipartBody | TJsonBody<TUploadJson>;

/**
 * POST /api/v1/documents: multipart `file` (a `name` field, when sent, must
 * come before the file: the file is streamed, not buffered), or JSON
 * `{ name, content }` with base64 content (at most ENCODED_UPLOADS_PER_OWNER
 * at once per owner, 429 beyond). Same checks, quota and refusals as the
 * upload routes (createDocumentFromUpload).
 */
export async function uploadApiDocument(
  body: TApiUploadBody,
  owner: TUploadOwner,
  meta: TRequestMeta,
): Promise<TCreatedDocument> {
  const limits = uploadLimits();
  if (body.kind === 'multipart') {
    await refuseUploadEarly(owner, { file: { body, maxBytes: limits.maxBytes } });
    const upload = await body.read(limits.maxBytes);
    const name = ZUploadName.safeParse(upload.fields.name);
    if (!name.success)
      throw new AppError('INVALID_INPUT', 'The name is invalid.', {
        fieldErrors: [{ path: 'name', message: name.error.issues[0]?.message ?? 'Invalid.' }],
      });
    const sizeHint = body.declaredBytes;
    return storeApiDocument({ owner, name: name.data, fileName: upload.fileName, data: upload.data, sizeHint, meta });
  }
  // The base64 text and the decoded bytes are both held: a few such bodies per owner at once (encoded-upload-slot.ts).
  return inEncodedUploadSlot(owner.id, async () => {
    // The JSON read refuses a declared length over its limit itself; the quota is checked before the body is read.
    await refuseUploadEarly(owner);
    const upload = await body.read(jsonLimit(limits.maxBytes));
    const bytes = Buffer.from(upload.content, 'base64');
    return storeApiDocument({
      owner,
      name: upload.name,
      fileName: uploadFileName(upload.name),
      data: chunked(bytes),
      sizeHint: bytes.byteLength,
      meta,
    });
  });
}
