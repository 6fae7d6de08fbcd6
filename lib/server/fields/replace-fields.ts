import 'server-only';
import { defaultFieldSize } from '@/lib/api/v1/enums';
import type { TFieldMeta, TPutFieldsBody } from '@/lib/api/v1/fields';
import { AppError, type TFieldError } from '@/lib/errors';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import { db } from '@/lib/server/db/client';
import { fieldView } from '@/lib/server/fields/field-view';
import { readPageSizes } from '@/lib/server/documents/read-page-sizes';
import { assertDraft, requireOwnedDocumentById } from '@/lib/server/documents/require-owned-document-by-id';
import { fieldPlacementErrors } from './check-field-placement';

/**
 * PUT /api/v1/documents/{id}/fields: the draft's whole field list (the
 * workspace saves it as the owner works). Every field is checked (its
 * recipient belongs to this document, it lies inside an existing page) and
 * all errors are answered at once; nothing is written unless all pass.
 */
export async function replaceFields(id: string, workspaceId: string, body: TPutFieldsBody) {
  const document = await requireOwnedDocumentById(id, workspaceId);
  assertDraft(document);
  const [recipients, existing, pages] = await Promise.all([
    db.recipient.findMany({ where: { documentId: id }, select: { id: true } }),
    db.field.findMany({ where: { documentId: id }, select: { id: true } }),
    readPageSizes(document),
  ]);
  const recipientIds = new Set(recipients.map((recipient) => recipient.id));
  const existingIds = new Set(existing.map((field) => field.id));
  const seenIds = new Set<string>();
  const errors: TFieldError[] = [];
  const rows = body.fields.map((input, index) => {
    const path = `fields.${index}`;
    const size = {
      ...defaultFieldSize(input.type),
      ...(input.width ? { width: input.width } : {}),
      ...(input.height ? { height: input.height } : {}),
    };
    if (!recipientIds.has(input.recipientId))
      errors.push({ path: `${path}.recipientId`, message: 'No recipient with this id on this document.' });
    if (input.id && (!existingIds.has(input.id) || seenIds.has(input.id)))
      errors.push({ path: `${path}.id`, message: 'Unknown or repeated field id.' });
    if (input.id) seenIds.add(input.id);
    errors.push(...fieldPlacementErrors({ page: input.page, x: input.x, y: input.y, ...size }, pages, path));
    const meta: TFieldMeta = {
      label: input.label,
      placeholder: input.placeholder,
      options: input.options,
      min: input.min,
      max: input.max,
      dateFormat: input.dateFormat,
    };
    return {
      id: input.id,
      data: {
        recipientId: input.recipientId,
        type: input.type.toUpperCase() as Field['type'],
        page: input.page,
        x: input.x,
        y: input.y,
        ...size,
        required: input.required,
        meta: JSON.stringify(meta),
      },
    };
  });
  if (errors.length > 0) throw new AppError('INVALID_INPUT', 'Some fields are invalid.', { fieldErrors: errors });

  return db.$transaction(async (tx) => {
    const { count } = await tx.document.updateMany({ where: { id, status: 'DRAFT' }, data: { updatedAt: new Date() } });
    if (count === 0)
      throw new AppError('CONFLICT', 'The document was sent meanwhile; its fields can no longer change.');
    await tx.field.deleteMany({ where: { documentId: id, id: { notIn: [...seenIds] } } });
    const saved: Field[] = [];
    for (const row of rows) {
      saved.push(
        row.id
          ? await tx.field.update({ where: { id: row.id }, data: row.data })
          : await tx.field.create({ data: { ...row.data, documentId: id } }),
      );
    }
    return saved.map(fieldView);
  });
}
