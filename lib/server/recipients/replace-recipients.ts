import 'server-only';
import type { TPutRecipientsBody } from '@/lib/api/v1/recipients';
import { AppError, type TFieldError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { recipientView } from '@/lib/server/documents/document-views';
import { assertDraft, requireOwnedDocumentById } from '@/lib/server/documents/require-owned-document-by-id';
import type { Recipient } from '@/lib/generated/prisma/sqlite/client';

const upper = <T extends string>(value: string) => value.toUpperCase() as T;

/** Which stored recipient each input keeps: its id when given, else the one with the same email. */
function matchExisting(
  body: TPutRecipientsBody,
  existing: Recipient[],
): { kept: (Recipient | undefined)[]; errors: TFieldError[] } {
  const byId = new Map(existing.map((recipient) => [recipient.id, recipient]));
  const taken = new Set<string>();
  const errors: TFieldError[] = [];
  const kept = body.recipients.map((input, index) => {
    if (input.id) {
      const found = byId.get(input.id);
      if (!found)
        errors.push({ path: `recipients.${index}.id`, message: 'No recipient with this id on this document.' });
      else if (taken.has(found.id))
        errors.push({ path: `recipients.${index}.id`, message: 'The same recipient is listed twice.' });
      if (found) taken.add(found.id);
      return found;
    }
    return undefined;
  });
  body.recipients.forEach((input, index) => {
    if (input.id) return;
    const found = existing.find((recipient) => recipient.email === input.email && !taken.has(recipient.id));
    if (found) taken.add(found.id);
    kept[index] = found;
  });
  return { kept, errors };
}

/**
 * PUT /api/v1/documents/{id}/recipients: the draft's whole recipient list.
 * Recipients kept (by id or email) keep their fields; a removed recipient's
 * fields go with them. All of it in one transaction that first re-checks the
 * draft state, so a send racing this leaves one consistent result.
 */
export async function replaceRecipients(id: string, workspaceId: string, body: TPutRecipientsBody) {
  const document = await requireOwnedDocumentById(id, workspaceId);
  assertDraft(document);
  const existing = await db.recipient.findMany({ where: { documentId: id } });
  const { kept, errors } = matchExisting(body, existing);
  if (errors.length > 0) throw new AppError('INVALID_INPUT', 'Some recipients are invalid.', { fieldErrors: errors });
  const keptIds = new Set(kept.flatMap((recipient) => (recipient ? [recipient.id] : [])));
  const removed = existing.filter((recipient) => !keptIds.has(recipient.id)).map((recipient) => recipient.id);

  return db.$transaction(async (tx) => {
    const { count } = await tx.document.updateMany({ where: { id, status: 'DRAFT' }, data: { updatedAt: new Date() } });
    if (count === 0)
      throw new AppError('CONFLICT', 'The document was sent meanwhile; its recipients can no longer change.');
    await tx.field.deleteMany({ where: { documentId: id, recipientId: { in: removed } } });
    await tx.recipient.deleteMany({ where: { documentId: id, id: { in: removed } } });
    const saved: Recipient[] = [];
    for (const [index, input] of body.recipients.entries()) {
      const data = {
        email: input.email,
        name: input.name,
        role: upper<Recipient['role']>(input.role),
        auth: upper<Recipient['auth']>(input.auth),
        order: input.order ?? index + 1,
      };
      const previous = kept[index];
      saved.push(
        previous
          ? await tx.recipient.update({ where: { id: previous.id }, data })
          : await tx.recipient.create({ data: { ...data, documentId: id } }),
      );
    }
    return saved.sort((a, b) => a.order - b.order).map(recipientView);
  });
}
