import 'server-only';
import { AppError } from '@/lib/errors';
import { db, type TDbClient } from '@/lib/server/db/client';

/**
 * The document with this id, only in the workspace the call acts in: any other
 * gets the same 404 as an id that does not exist, so ids cannot be probed.
 */
export async function requireOwnedDocumentById(id: string, workspaceId: string, client: TDbClient = db) {
  const document = await client.document.findUnique({ where: { id } });
  if (!document || document.workspaceId !== workspaceId) throw new AppError('NOT_FOUND', 'No such document.');
  return document;
}

/** Recipients and fields change only while the document is a draft. */
export function assertDraft(document: { status: string }): void {
  if (document.status !== 'DRAFT') {
    throw new AppError(
      'CONFLICT',
      `The document is ${document.status.toLowerCase()}: recipients, fields and settings can change only while it is a draft.`,
    );
  }
}
