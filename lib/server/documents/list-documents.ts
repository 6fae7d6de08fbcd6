import 'server-only';
import type { TDocumentList, TListDocumentsQuery } from '@/lib/api/v1/documents';
import { getEnv } from '@/lib/env';
import { databaseKind } from '@/lib/env-values';
import { db } from '@/lib/server/db/client';
import { afterCursor, decodeCursor, encodeCursor } from '@/lib/server/http/keyset-cursor';
import { documentSummary, ownerSelect } from './document-views';

/**
 * The workspace's documents (every member's, each naming who made it), newest first, by keyset pages (createdAt, id): a
 * document added while someone pages through never shifts or repeats a row.
 */
export async function listDocuments(workspaceId: string, query: TListDocumentsQuery): Promise<TDocumentList> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db.document.findMany({
    where: {
      workspaceId,
      ...(query.status ? { status: query.status.toUpperCase() as never } : {}),
      // SQLite's LIKE ignores ASCII case already; PostgreSQL needs to be told.
      ...(query.q
        ? {
            name: {
              contains: query.q,
              ...(databaseKind(getEnv().databaseUrl) === 'postgresql' ? { mode: 'insensitive' as const } : {}),
            },
          }
        : {}),
      ...afterCursor(after),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
    include: { recipients: { orderBy: { order: 'asc' } }, owner: ownerSelect },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ recipients, owner, ...document }) => documentSummary(document, recipients, owner)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
  };
}
