import 'server-only';
import type { TDbClient } from '@/lib/server/db/client';
import { declaresFilePast, type TMultipartBody } from '@/lib/server/http/request-body';
import { checkUploadQuota, planHasLimit, type TQuotaOwner } from './check-upload-quota';
import { fileTooLarge } from './spool-upload';

/**
 * The refusals an upload route can give before it reads a byte of the body:
 * a limited plan whose month is used up, and (a multipart `file` given) a
 * declared Content-Length that cannot hold a file within the size limit. Over
 * a slow line a 25 MB file was otherwise sent whole only to be refused. The
 * quota is counted again under the workspace's row lock when the document is
 * stored (create-document-from-upload.ts), which settles parallel uploads.
 */
export async function refuseUploadEarly(
  owner: TQuotaOwner,
  options: { client?: TDbClient; file?: { body: TMultipartBody; maxBytes: number } } = {},
): Promise<void> {
  const { file } = options;
  if (file && declaresFilePast(file.body, file.maxBytes)) throw fileTooLarge(file.maxBytes);
  if (planHasLimit(owner.plan)) await checkUploadQuota(owner, { client: options.client });
}
