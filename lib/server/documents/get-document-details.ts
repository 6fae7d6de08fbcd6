import 'server-only';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import type { TMailLocale } from '@/lib/api/v1/enums';
import { db } from '@/lib/server/db/client';
import { documentSummary, fieldView, recipientView } from './document-views';
import { readPageSizes } from './read-page-sizes';
import { requireOwnedDocument } from './require-owned-document';

/** GET /api/v1/documents/{id}: the document with its recipients (in signing order) and fields. */
export async function getDocumentDetails(id: string, ownerId: string): Promise<TDocumentDetails> {
  const document = await requireOwnedDocument(id, ownerId);
  const [recipients, fields, pages] = await Promise.all([
    db.recipient.findMany({ where: { documentId: id }, orderBy: [{ order: 'asc' }, { createdAt: 'asc' }] }),
    db.field.findMany({ where: { documentId: id }, orderBy: [{ page: 'asc' }, { y: 'asc' }, { x: 'asc' }] }),
    readPageSizes(document),
  ]);
  return {
    ...documentSummary(document, recipients),
    signingOrder: document.signingOrder === 'PARALLEL' ? 'parallel' : 'sequential',
    message: document.message,
    reminderDays: document.reminderDays,
    locale: document.locale as TMailLocale | null,
    cancelReason: document.cancelReason,
    pages,
    recipients: recipients.map(recipientView),
    fields: fields.map(fieldView),
  };
}
