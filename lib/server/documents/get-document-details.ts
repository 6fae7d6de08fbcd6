import 'server-only';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import type { TMailLocale } from '@/lib/api/v1/enums';
import { db } from '@/lib/server/db/client';
import { documentSummary, ownerSelect, recipientView } from './document-views';
import { documentUrl } from '@/lib/server/http/document-url';
import { fieldView } from '@/lib/server/fields/field-view';
import { readPageSizes } from './read-page-sizes';
import { requireOwnedDocumentById } from './require-owned-document-by-id';

/** GET /api/v1/documents/{id}: the document with its recipients (in signing order) and fields. */
export async function getDocumentDetails(id: string, workspaceId: string): Promise<TDocumentDetails> {
  const document = await requireOwnedDocumentById(id, workspaceId);
  const [recipients, fields, pages, correction, owner] = await Promise.all([
    db.recipient.findMany({ where: { documentId: id }, orderBy: [{ order: 'asc' }, { createdAt: 'asc' }] }),
    db.field.findMany({ where: { documentId: id }, orderBy: [{ page: 'asc' }, { y: 'asc' }, { x: 'asc' }] }),
    readPageSizes(document),
    correctionLinks(document),
    db.user.findUniqueOrThrow({ where: { id: document.ownerId }, ...ownerSelect }),
  ]);
  return {
    ...documentSummary(document, recipients, owner),
    signingOrder: document.signingOrder === 'PARALLEL' ? 'parallel' : 'sequential',
    message: document.message,
    reminderDays: document.reminderDays,
    locale: document.locale as TMailLocale | null,
    cancelReason: document.cancelReason,
    pages,
    recipients: recipients.map(recipientView),
    fields: fields.map(fieldView),
    ...correction,
  };
}

/**
 * "Correct and send again" in both directions: a correcting draft shows the
 * decline it answers (who and why: the one who declined, first by time), a
 * declined document the draft that corrects it.
 */
async function correctionLinks(document: {
  id: string;
  correctedFromId: string | null;
  status: string;
}): Promise<Pick<TDocumentDetails, 'correctedFrom' | 'correctedBy'>> {
  const [source, draft] = await Promise.all([
    document.correctedFromId
      ? db.document.findUnique({ where: { id: document.correctedFromId }, select: { id: true, token: true } })
      : null,
    document.status === 'DECLINED'
      ? db.document.findUnique({ where: { correctedFromId: document.id }, select: { id: true, token: true } })
      : null,
  ]);
  const decliner = source
    ? await db.recipient.findFirst({
        where: { documentId: source.id, status: 'DECLINED' },
        orderBy: { declinedAt: 'asc' },
        select: { name: true, email: true, declineReason: true },
      })
    : null;
  return {
    correctedFrom: source
      ? {
          id: source.id,
          url: documentUrl(source),
          declinedBy: decliner ? { name: decliner.name, email: decliner.email } : null,
          declineReason: decliner?.declineReason ?? null,
        }
      : null,
    correctedBy: draft ? { id: draft.id, url: documentUrl(draft) } : null,
  };
}
