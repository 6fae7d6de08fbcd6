import 'server-only';
import type { Document } from '@/lib/generated/prisma/sqlite/client';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import type { TDbClient } from '@/lib/server/db/client';
import { readPageSizes } from '@/lib/server/documents/read-page-sizes';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { documentFolder } from './sealed-blob-keys';

/**
 * Retention of a document that ended unsigned (declined, cancelled, expired),
 * for the document.purge job at its purgeAt (purge-sealed-blobs.ts): every
 * blob in its folder (the original, the working PDF, the signers' attachments
 * such as ID scans), every field's value and every signature (its image,
 * strokes, typed text and biometric envelope) go. The row with its hashes,
 * the recipients (names, status, decline reason), the fields' places and the
 * audit trail stay; the audit events already hold the hashes of what went.
 * Deleting blobs again is harmless; the rest, the marker workingPurgedAt
 * (downloads then answer 409 purged) and the `document.purged` event are
 * written once, in one transaction, so a rerun after a crash only finishes the deletes.
 */
export async function purgeEndedDocument(
  document: Document,
  options: { client: TDbClient; store: BlobStore; now: Date },
): Promise<'purged' | 'nothing'> {
  const { client, store, now } = options;
  // The details API reads page sizes from the working PDF the first time: keep them before it goes.
  if (!document.pageSizes && !document.workingPurgedAt) await readPageSizes(document);
  let blobs = 0;
  for await (const blob of store.list(documentFolder(document.originalBlob))) {
    await store.delete(blob.key);
    blobs += 1;
  }
  if (document.workingPurgedAt) return 'nothing';
  return client.$transaction(
    async (tx) => {
      const { count } = await tx.document.updateMany({
        where: { id: document.id, status: document.status, workingPurgedAt: null },
        data: { workingPurgedAt: now },
      });
      if (count !== 1) return 'nothing' as const;
      const signatures = await tx.signature.deleteMany({ where: { field: { documentId: document.id } } });
      const values = await tx.field.updateMany({
        where: { documentId: document.id, value: { not: null } },
        data: { value: null },
      });
      await appendAuditEvent(tx, {
        documentId: document.id,
        type: 'document.purged',
        actor: 'system',
        at: now,
        data: {
          status: document.status.toLowerCase(),
          originalSha256: document.originalSha256,
          currentSha256: document.currentSha256,
          purgeAt: document.purgeAt?.toISOString(),
          blobs,
          fieldValues: values.count,
          signatures: signatures.count,
        },
      });
      return 'purged' as const;
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}
