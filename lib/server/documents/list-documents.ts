import 'server-only';
import type { TDocumentList, TListDocumentsQuery } from '@/lib/api/v1/documents';
import { databaseKind, getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { documentSummary } from './document-views';

type TCursor = { createdAt: string; id: string };

function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(cursor: string): TCursor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<TCursor>;
    if (typeof parsed.id === 'string' && typeof parsed.createdAt === 'string' && !Number.isNaN(Date.parse(parsed.createdAt))) {
      return { id: parsed.id, createdAt: parsed.createdAt };
    }
  } catch {
    // answered below
  }
  throw new AppError('INVALID_INPUT', 'The cursor is not one this API handed out.', { fieldErrors: [{ path: 'cursor', message: 'Unknown cursor.' }] });
}

/**
 * The owner's documents, newest first, by keyset pages (createdAt, id): a
 * document added while someone pages through never shifts or repeats a row.
 */
export async function listDocuments(ownerId: string, query: TListDocumentsQuery): Promise<TDocumentList> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db.document.findMany({
    where: {
      ownerId,
      ...(query.status ? { status: query.status.toUpperCase() as never } : {}),
      // SQLite's LIKE ignores ASCII case already; PostgreSQL needs to be told.
      ...(query.q ? { name: { contains: query.q, ...(databaseKind(getEnv().databaseUrl) === 'postgresql' ? { mode: 'insensitive' as const } : {}) } } : {}),
      ...(after
        ? { OR: [{ createdAt: { lt: new Date(after.createdAt) } }, { createdAt: new Date(after.createdAt), id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
    include: { recipients: { orderBy: { order: 'asc' } } },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ recipients, ...document }) => documentSummary(document, recipients)),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
  };
}
