import { randomUUID } from 'node:crypto';
import { withDb } from '../dashboard/helpers';

const sqliteTime = (date: Date) => date.toISOString().replace('Z', '+00:00');

/**
 * A pending document as finalization leaves it: completed, sealed (B-LTA,
 * with a timestamp), its recipients signed. Straight in the database, so the
 * UI is judged without the seal (other parts' work) running here; the sealed
 * and certificate keys point at the stored original, so downloads answer a real PDF.
 */
export function markCompleted(documentId: string) {
  const now = new Date();
  withDb((db) => {
    const { originalBlob, originalSha256 } = db
      .prepare('SELECT "originalBlob", "originalSha256" FROM "Document" WHERE "id" = ?')
      .get(documentId) as { originalBlob: string; originalSha256: string };
    db.prepare(
      `UPDATE "Document" SET "status" = 'COMPLETED', "completedAt" = ?, "sealedBlob" = ?, "sealedSha256" = ?, "certificateBlob" = ?, "certificateSha256" = ?,
       "sealLevel" = 'B-LTA', "sealedAt" = ?, "sealTimestampAt" = ?, "purgeAt" = ?, "updatedAt" = ? WHERE "id" = ?`,
    ).run(
      sqliteTime(now),
      originalBlob,
      originalSha256,
      originalBlob,
      originalSha256,
      sqliteTime(now),
      sqliteTime(now),
      sqliteTime(new Date(now.getTime() + 30 * 86_400_000)),
      sqliteTime(now),
      documentId,
    );
    db.prepare('UPDATE "Recipient" SET "status" = \'SIGNED\', "signedAt" = ? WHERE "documentId" = ?').run(
      sqliteTime(now),
      documentId,
    );
  });
}

/** A document whose seal failed after its last attempt, with the error the owner reads. */
export function markSealingFailed(documentId: string, error: string) {
  withDb((db) => {
    db.prepare('UPDATE "Document" SET "status" = \'SEALING_FAILED\', "finalizeError" = ? WHERE "id" = ?').run(
      error,
      documentId,
    );
    db.prepare('UPDATE "Recipient" SET "status" = \'SIGNED\' WHERE "documentId" = ?').run(documentId);
  });
}

/** Another recipient signed (their part is not what the test is about). */
export function markSigned(recipientId: string) {
  withDb((db) =>
    db
      .prepare('UPDATE "Recipient" SET "status" = \'SIGNED\', "signedAt" = ? WHERE "id" = ?')
      .run(sqliteTime(new Date()), recipientId),
  );
}

/** A finalize job waiting for its backoff (an hour away), as a retry in progress leaves it. */
export function queueFinalizeLater(documentId: string) {
  const now = new Date();
  withDb((db) =>
    db
      .prepare(
        'INSERT INTO "Job" ("id", "queue", "payload", "status", "runAt", "attempts", "maxAttempts", "createdAt", "updatedAt") VALUES (?, \'document.finalize\', ?, \'QUEUED\', ?, 1, 8, ?, ?)',
      )
      .run(
        `e2e${randomUUID().replaceAll('-', '')}`,
        JSON.stringify({ documentId }),
        sqliteTime(new Date(now.getTime() + 3_600_000)),
        sqliteTime(now),
        sqliteTime(now),
      ),
  );
}
