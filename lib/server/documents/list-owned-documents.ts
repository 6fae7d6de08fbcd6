import 'server-only';
import { db } from '@/lib/server/db/client';

/** The owner's documents for the dashboard, newest first. */
export async function listOwnedDocuments(ownerId: string) {
  return db.document.findMany({
    where: { ownerId },
    orderBy: { createdAt: 'desc' },
    take: 100,
    select: { token: true, name: true, status: true, createdAt: true },
  });
}
