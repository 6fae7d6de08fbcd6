import 'server-only';
import { AppError } from '@/lib/errors';
import type { TDbClient } from '@/lib/server/db/client';

/**
 * An upload between its first stored byte and its commit is recorded as a
 * PendingUpload row naming its blob folder (documents/<uuid>/). The leftover
 * sweeper leaves such folders alone however long the upload waits (inspector
 * queue, office semaphore), and drops the row with its blobs only past
 * PENDING_UPLOAD_MAX_AGE_MS (a crash between storing and committing). The
 * commit takes the row away in the same transaction that creates the
 * Document, so the sweeper and the commit cannot both win.
 */
export const PENDING_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

type TPendingClient = Pick<TDbClient, 'pendingUpload'>;

/** "documents/<uuid>" → "documents/<uuid>/", the form the sweeper compares. */
export function blobFolderOf(folder: string): string {
  return folder.endsWith('/') ? folder : `${folder}/`;
}

/** Called before the first byte of the upload is written. */
export async function markUploadPending(client: TPendingClient, folder: string): Promise<void> {
  await client.pendingUpload.create({ data: { blobFolder: blobFolderOf(folder) } });
}

export const UPLOAD_SWEPT =
  'The upload waited so long that its file was cleaned up before it could be saved; nothing was stored. Please upload it again.';

/**
 * Inside the commit's transaction: takes the upload's row away. When the row
 * is gone, the sweeper judged the upload abandoned and removed (or is removing)
 * its blobs: the upload is refused rather than committed without its file.
 */
export async function claimPendingUpload(tx: TPendingClient, folder: string): Promise<void> {
  const { count } = await tx.pendingUpload.deleteMany({ where: { blobFolder: blobFolderOf(folder) } });
  if (count !== 1) throw new AppError('SERVICE_UNAVAILABLE', UPLOAD_SWEPT);
}

/** After a failed upload removed its blobs. */
export async function clearPendingUpload(client: TPendingClient, folder: string): Promise<void> {
  await client.pendingUpload.deleteMany({ where: { blobFolder: blobFolderOf(folder) } });
}
