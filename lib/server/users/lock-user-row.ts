import 'server-only';
import type { TTransaction } from '@/lib/server/db/client';

/**
 * Takes the user's row lock for the rest of the transaction (a no-op update: a
 * row lock on PostgreSQL, the write lock on SQLite), so a count-then-create
 * against a per-user limit runs one after another for the same user and
 * parallel requests cannot together pass the limit (as the API key limit does).
 */
export async function lockUserRow(tx: TTransaction, userId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "User" SET "id" = "id" WHERE "id" = ${userId}`;
}
