import 'server-only';
import type { TTransaction } from '@/lib/server/db/client';

/**
 * Takes the workspace's row lock for the rest of the transaction (a no-op update: a row lock on PostgreSQL, the
 * write lock on SQLite), so a count-then-create against a per-workspace limit runs one after another for the
 * same workspace and parallel requests of its members cannot together pass it.
 */
export async function lockWorkspaceRow(tx: TTransaction, workspaceId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "Workspace" SET "id" = "id" WHERE "id" = ${workspaceId}`;
}
