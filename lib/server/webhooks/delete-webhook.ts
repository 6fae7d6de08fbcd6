import 'server-only';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';

/** Deletes the owner's webhook with its delivery log; queued deliveries find nothing and end. Another owner's id is unknown (404). */
export async function deleteWebhook(ownerId: string, id: string): Promise<void> {
  const { count } = await db.webhook.deleteMany({ where: { id, ownerId } });
  if (count === 0) throw new AppError('NOT_FOUND', 'No such webhook.');
}
