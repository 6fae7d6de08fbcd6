import 'server-only';
import type { TField } from '@/lib/api/v1/fields';
import type { TFieldValueBody } from '@/lib/api/v1/signer-actions';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import { fieldView } from '@/lib/server/fields/field-view';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { checkFieldValue } from './check-field-value';
import { refuseServerFilled } from './field-input';
import { lockSigner, type TSignerLink } from '../link/lock-signer';

/**
 * PUT /api/v1/signing/{token}/fields/{fieldId} with `{ value }` on a data
 * field (parsed by the route, field-input.ts; a date field answers 409): the value
 * checked against the field's type, stored, and recorded in the audit trail.
 * The same value again writes nothing (a page may save on every blur).
 */
export async function fillSignerField(
  signer: TSignerLink,
  field: Field,
  input: TFieldValueBody['value'],
  meta: TRequestMeta,
): Promise<TField> {
  refuseServerFilled(field);
  const value = checkFieldValue(field, input);
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
