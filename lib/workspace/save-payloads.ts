import type { TFieldInput } from '@/lib/api/v1/fields';
import type { TRecipientInput } from '@/lib/api/v1/recipients';
import type { TDraftField, TDraftRecipient } from './draft-types';

/** The body of PUT …/recipients: the list in signing order, each keeping its id once it has one. */
export function recipientsBody(recipients: TDraftRecipient[]): { recipients: TRecipientInput[] } {
  return {
    recipients: recipients.map((recipient, index) => ({
      ...(recipient.id ? { id: recipient.id } : {}),
      name: recipient.name,
      email: recipient.email,
      role: recipient.role,
      auth: recipient.auth,
      order: index + 1,
    })),
  };
}

/**
 * The body of PUT …/fields, or null while a field's recipient has no server
 * id yet (it is saved first). `keys[i]` is the field behind `fields[i]`, to
 * put the server's errors and new ids back on the right field.
 */
export function fieldsBody(
  fields: TDraftField[],
  fieldId: (key: string) => string | undefined,
  recipientId: (key: string) => string | undefined,
): { body: { fields: TFieldInput[] }; keys: string[] } | null {
  const body: TFieldInput[] = [];
  for (const field of fields) {
    const owner = recipientId(field.recipientKey);
    if (!owner) return null;
    const { key, recipientKey: _recipient, ...rest } = field;
    const id = fieldId(key);
    const meta = Object.fromEntries(
      Object.entries(rest).filter(([, value]) => value !== undefined && value !== ''),
    ) as typeof rest;
    body.push({ ...(id ? { id } : {}), ...meta, recipientId: owner });
  }
  return { body: { fields: body }, keys: fields.map((field) => field.key) };
}

/** errors[] of a 400 (paths like `fields.3.x`) as messages per field key; paths naming no field go under ''. */
export function errorsByKey(
  errors: { path: string; message: string }[],
  keys: string[],
  list: string,
): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const error of errors) {
    const match = new RegExp(`^${list}\\.(\\d+)(?:\\.|$)`).exec(error.path);
    const key = match ? (keys[Number(match[1])] ?? '') : '';
    result.set(key, [...(result.get(key) ?? []), error.message]);
  }
  return result;
}
