import 'server-only';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import { readPageSizes } from '@/lib/server/documents/read-page-sizes';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { cleanStrayFinalizeBlobs, documentFolder } from './sealed-blob-keys';

/**
 * Retention's first half (docs/retention.md: documents are not stored permanently after signing):
 * once a document is completed and its mails are queued, the original, the
 * working PDF and the signers' attachments (all inside the sealed file now)
 * are deleted, and any sealed file a crashed or losing run left behind.
 * Deleting is idempotent; the marker and its audit event are written once
 * (a compare-and-set on workingPurgedAt), so a rerun after a crash only finishes the deletes.
 */
export async function deleteWorkingBlobs(
  documentId: string,
  options: { client?: TDbClient; store?: BlobStore; now?: Date } = {},
): Promise<boolean> {
  const client = options.client ?? db;
  const store = options.store ?? getBlobStore();
  const document = await client.document.findUnique({ where: { id: documentId } });
  if (document?.status !== 'COMPLETED' || !document.sealedBlob) return false;
  // The details API reads page sizes from the working PDF the first time: keep them before it goes.
  if (!document.pageSizes && !document.workingPurgedAt) await readPageSizes(document);
  const keys = [document.originalBlob, document.currentBlob].filter((key): key is string => Boolean(key));
  for (const key of keys) await store.delete(key);
  let attachments = 0;
  for await (const blob of store.list(`${documentFolder(document.originalBlob)}attachments/`)) {
    await store.delete(blob.key);
    attachments += 1;
  }
  const strays = await cleanStrayFinalizeBlobs(store, document.originalBlob, [
    document.sealedBlob,
    document.certificateBlob,
  ]);
  if (document.workingPurgedAt) return false;
  return client.$transaction(
    async (tx) => {
      const { count } = await tx.document.updateMany({
        where: { id: documentId, workingPurgedAt: null },
        data: { workingPurgedAt: options.now ?? new Date() },
      });
      if (count !== 1) return false;
      await appendAuditEvent(tx, {
        documentId,
        type: 'document.working_deleted',
        actor: 'system',
        at: options.now,
        data: { blobs: keys.length, attachments, strays },
      });
      return true;
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}
