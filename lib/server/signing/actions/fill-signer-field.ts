import 'server-only';
import type { TField } from '@/lib/api/v1/fields';
import { ZFieldValueBody } from '@/lib/api/v1/signer-actions';
import { AppError } from '@/lib/errors';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import { fieldView } from '@/lib/server/fields/field-view';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { checkFieldValue } from './check-field-value';
import { lockSigner, type TSignerLink } from '../link/lock-signer';

function hasKey(body: unknown, key: string): boolean {
  return typeof body === 'object' && body !== null && key in body;
}

/**
 * PUT /api/v1/signing/{token}/fields/{fieldId} with `{ value }` on a data
 * field (the route sends attachments and signatures elsewhere; a date field
 * answers 409): the value
 * checked against the field's type, stored, and recorded in the audit trail.
 * The same value again writes nothing (a page may save on every blur).
 */
export async function fillSignerField(
  signer: TSignerLink,
  field: Field,
  readBody: () => Promise<unknown>,
  meta: TRequestMeta,
): Promise<TField> {
  // Before the body is read: whatever it says, a date is the server's to fill.
  if (field.type === 'DATE')
    throw new AppError('CONFLICT', 'A date field is filled with the signing date when you finish.', {
      extensions: { reason: 'date_field' },
    });
  const body = await readBody();
  if (hasKey(body, 'signature')) {
    const message = `A ${field.type.toLowerCase()} field takes { value }, not a signature.`;
    throw new AppError('INVALID_INPUT', message, { fieldErrors: [{ path: 'signature', message }] });
  }
  const value = checkFieldValue(field, ZFieldValueBody.parse(body).value);
  return db.$transaction(async (tx) => {
    const { recipient } = await lockSigner(tx, signer);
    const current = await tx.field.findUniqueOrThrow({ where: { id: field.id } });
    if (current.value === value) return fieldView(current);
    const updated = await tx.field.update({ where: { id: field.id }, data: { value } });
    await appendAuditEvent(tx, {
      documentId: field.documentId,
      type: value === null ? 'field.cleared' : 'field.filled',
      actor: `recipient:${recipient.id}`,
      ...meta,
      data: { recipientId: recipient.id, fieldId: field.id, fieldType: field.type.toLowerCase(), value },
    });
    return fieldView(updated);
  });
}
