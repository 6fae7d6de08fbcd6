import 'server-only';
import { AppError } from '@/lib/errors';

/** Where a newest-first list (createdAt, id) stopped: the lists' opaque `cursor` (docs/api.md). */
export type TKeysetCursor = { createdAt: string; id: string };

export function encodeCursor(cursor: TKeysetCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(cursor: string): TKeysetCursor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<TKeysetCursor>;
    if (
      typeof parsed.id === 'string' &&
      typeof parsed.createdAt === 'string' &&
      !Number.isNaN(Date.parse(parsed.createdAt))
    ) {
      return { id: parsed.id, createdAt: parsed.createdAt };
    }
  } catch {
    // answered below
  }
  throw new AppError('INVALID_INPUT', 'The cursor is not one this API handed out.', {
    fieldErrors: [{ path: 'cursor', message: 'Unknown cursor.' }],
  });
}

/** The rows after a cursor, newest first: a row added while someone pages through never shifts or repeats one. */
export function afterCursor(after: TKeysetCursor | undefined) {
  return after
    ? {
        OR: [
          { createdAt: { lt: new Date(after.createdAt) } },
          { createdAt: new Date(after.createdAt), id: { lt: after.id } },
        ],
      }
    : {};
}
