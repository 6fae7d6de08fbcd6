import 'server-only';
import type { TDbClient } from '@/lib/server/db/client';
import { checkUploadQuota, planHasLimit, type TQuotaOwner } from './check-upload-quota';
import { fileTooLarge } from './spool-upload';

/** What a multipart form adds around its file (boundaries, part headers, a name field): far less than this. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The refusals an upload route can give before it reads a byte of the body:
 * a limited plan whose month is used up, and (multipart, `maxBytes` given) a
 * declared Content-Length that cannot hold a file within the size limit. Over
 * a slow line a 25 MB file was otherwise sent whole only to be refused. The
 * quota is counted again under the owner's row lock when the document is
 * stored (create-document-from-upload.ts), which settles parallel uploads.
 */
export async function refuseUploadEarly(
  request: Request,
  owner: TQuotaOwner,
  options: { client?: TDbClient; maxBytes?: number } = {},
): Promise<void> {
  if (options.maxBytes !== undefined) {
    const declared = Number(request.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > options.maxBytes + FORM_OVERHEAD_BYTES)
      throw fileTooLarge(options.maxBytes);
  }
  if (planHasLimit(owner.plan)) await checkUploadQuota(owner, { client: options.client });
}
