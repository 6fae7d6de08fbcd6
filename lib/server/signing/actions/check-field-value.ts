import 'server-only';
import { MAX_NAME_VALUE, MAX_TEXT_VALUE } from '@/lib/api/v1/signer-actions';
import { ZEmail } from '@/lib/api/v1/text';
import { AppError } from '@/lib/errors';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import { parseFieldMeta } from '@/lib/server/fields/field-view';

/** A number as people type it: optional sign, digits, optional decimals (no exponent, no thousands separators). */
const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const MAX_NUMBER_LENGTH = 40;
/** The same rules as lib/api/v1/text.ts: one line, or lines and tabs, never other control characters. */
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;
const LINES = /^(?:[^\p{Cc}\u2028\u2029]|\r?\n|\t)*$/u;

function refuse(message: string, path = 'value'): never {
  throw new AppError('INVALID_INPUT', message, { fieldErrors: [{ path, message }] });
}

function line(value: string, max: number, allowLineBreaks: boolean): string {
  if (value.length > max) refuse(`At most ${max} characters.`);
  if (!(allowLineBreaks ? LINES : ONE_LINE).test(value))
    refuse(
      allowLineBreaks ? 'Control characters are not allowed.' : 'Line breaks and control characters are not allowed.',
    );
  return value;
}

/**
 * A data field's value as it will be stored, checked against the field's
 * type and settings (docs/api.md, Signer changes), or null
 * when the signer clears it. Date, signature, initials and attachment fields
 * take no `{ value }` (the route answers those before calling this).
 */
export function checkFieldValue(field: Pick<Field, 'type' | 'meta'>, raw: string | null): string | null {
  if (raw === null) return null;
  const value = field.type === 'TEXT' ? raw.replace(/^\s+|\s+$/g, '') : raw.trim();
  if (value === '') return null;
  const meta = parseFieldMeta(field.meta);
  switch (field.type) {
    case 'TEXT':
      return line(value, MAX_TEXT_VALUE, true);
    case 'NAME':
      return line(value, MAX_NAME_VALUE, false);
    case 'EMAIL': {
      const parsed = ZEmail.safeParse(value);
      return parsed.success ? parsed.data : refuse('Not a valid email address.');
    }
    case 'NUMBER': {
      if (value.length > MAX_NUMBER_LENGTH || !NUMBER.test(value))
        refuse('Not a number (digits, an optional sign and decimal point).');
      const number = Number(value);
      if (!Number.isFinite(number)) refuse('Not a number.');
      if (meta.min !== undefined && number < meta.min) refuse(`At least ${meta.min}.`);
      if (meta.max !== undefined && number > meta.max) refuse(`At most ${meta.max}.`);
      return value;
    }
    case 'CHECKBOX':
      return value === 'true' || value === 'false' ? value : refuse('A checkbox takes "true" or "false".');
    case 'RADIO':
    case 'DROPDOWN':
      return meta.options?.includes(value)
        ? value
        : refuse(`Not one of the options: ${(meta.options ?? []).map((option) => JSON.stringify(option)).join(', ')}.`);
    default:
      // The route sends signature, initials, date and attachment fields elsewhere; reaching here is a bug.
      throw new AppError('INTERNAL', `No value check for ${field.type} fields.`);
  }
}

/**
 * Whether a field counts as filled for `complete`: any value, except that a
 * required checkbox must be ticked (an unticked "I agree" is not agreement).
 */
export function isFieldFilled(field: Pick<Field, 'type' | 'value'>, hasSignature = false): boolean {
  if (hasSignature) return true;
  if (field.value === null || field.value === '') return false;
  return field.type !== 'CHECKBOX' || field.value === 'true';
}
