import 'server-only';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';

/** Deletes the workspace's webhook with its delivery log; queued deliveries find nothing and end. Another workspace's id is unknown (404). */
export async function deleteWebhook(workspaceId: string, id: string): Promise<void> {
  const { count } = await db.webhook.deleteMany({ where: { id, workspaceId } });
  if (count === 0) throw new AppError('NOT_FOUND', 'No such webhook.');
}
