import 'server-only';
import type { TPatchDocumentBody } from '@/lib/api/v1/documents';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { assertDraft, requireOwnedDocumentById } from './require-owned-document-by-id';

/** The columns a settings body writes; undefined leaves a column as it is, null clears it. */
export function settingsData(body: Omit<TPatchDocumentBody, 'name'> & { name?: string }) {
  return {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.signingOrder !== undefined
      ? { signingOrder: body.signingOrder === 'parallel' ? ('PARALLEL' as const) : ('SEQUENTIAL' as const) }
      : {}),
    ...(body.message !== undefined ? { message: body.message || null } : {}),
    ...(body.expiresAt !== undefined ? { expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt) } : {}),
    ...(body.reminderDays !== undefined ? { reminderDays: body.reminderDays } : {}),
    ...(body.locale !== undefined ? { locale: body.locale } : {}),
  };
}

/** PATCH /api/v1/documents/{id}: name and sending settings of a draft, saved as the owner edits them. */
export async function updateDocumentSettings(id: string, workspaceId: string, body: TPatchDocumentBody): Promise<void> {
  const document = await requireOwnedDocumentById(id, workspaceId);
  assertDraft(document);
  const { count } = await db.document.updateMany({ where: { id, status: 'DRAFT' }, data: settingsData(body) });
  if (count === 0)
    throw new AppError('CONFLICT', 'The document was sent meanwhile; its settings can no longer change.');
}
