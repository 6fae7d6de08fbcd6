import 'server-only';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { requireOwnedDocument } from './require-owned-document';

/**
 * DELETE /api/v1/documents/{id}: the row (recipients, fields and audit trail
 * go with it) and then its blobs. A document out for signature is refused:
 * cancelling it first tells the recipients their links are dead. A blob that
 * cannot be deleted now is left to the leftover sweeper (no row points at it).
 */
export async function deleteDocument(id: string, ownerId: string): Promise<void> {
  const document = await requireOwnedDocument(id, ownerId);
  if (document.status === 'PENDING') {
    throw new AppError('CONFLICT', 'The document is out for signature; cancel it first, so its recipients are told.');
  }
  const { count } = await db.document.deleteMany({ where: { id, ownerId, status: document.status } });
  if (count === 0) throw new AppError('CONFLICT', 'The document changed while it was being deleted; try again.');
  const store = getBlobStore();
  for (const key of [document.originalBlob, document.currentBlob, document.sealedBlob, document.certificateBlob]) {
    if (!key) continue;
    await store.delete(key).catch((error: unknown) => logger.warn('blob of a deleted document left to the sweeper', { key, error }));
  }
}
