import 'server-only';
import type { TFieldType } from '@/lib/api/v1/enums';
import type { TField, TFieldMeta } from '@/lib/api/v1/fields';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import { attachmentInfo } from './attachment-value';

/** A field's type-specific settings (options, validation, format…), stored as JSON; unreadable JSON is no settings. */
export function parseFieldMeta(meta: string): TFieldMeta {
  try {
    const parsed: unknown = JSON.parse(meta);
    return parsed && typeof parsed === 'object' ? (parsed as TFieldMeta) : {};
  } catch {
    return {};
  }
}

/** A field as the API shows it to owners and signers. */
export function fieldView(field: Field): TField {
  // An attachment's stored value names its blob: the API shows the file's name and details instead.
  const attachment = field.type === 'ATTACHMENT' ? attachmentInfo(field.value) : null;
  return {
    id: field.id,
    recipientId: field.recipientId,
    type: field.type.toLowerCase() as TFieldType,
    page: field.page,
    x: field.x,
    y: field.y,
    width: field.width,
    height: field.height,
    required: field.required,
    ...parseFieldMeta(field.meta),
    value: attachment ? attachment.name : field.value,
    ...(attachment ? { attachment } : {}),
  };
}
