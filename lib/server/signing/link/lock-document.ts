import 'server-only';
import type { TTransaction } from '@/lib/server/db/client';

/**
 * Takes the document's row lock for the rest of the transaction (a no-op
 * update: a row lock on PostgreSQL, the write lock on SQLite), so changes of
 * one document's state, and the audit events they chain, go one at a time.
 * False when the document does not exist.
 */
export async function lockDocument(tx: TTransaction, documentId: string): Promise<boolean> {
  return (await tx.$executeRaw`UPDATE "Document" SET "id" = "id" WHERE "id" = ${documentId}`) === 1;
}
