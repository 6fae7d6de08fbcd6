import 'server-only';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import type { TSignerLink } from '../link/lock-signer';

/**
 * One of the signer's own fields. Another recipient's field answers the same
 * 404 as an id that does not exist (docs/api.md, Signer changes), so a
 * link cannot be used to probe the rest of the document.
 */
export async function requireSignerField(signer: TSignerLink, fieldId: string) {
  const field = await db.field.findFirst({
    where: { id: fieldId, documentId: signer.document.id, recipientId: signer.recipient.id },
  });
  if (!field) throw new AppError('NOT_FOUND', 'No such field among yours.');
  return field;
}

export const takesSignature = (field: { type: string }) => field.type === 'SIGNATURE' || field.type === 'INITIALS';
