import 'server-only';
import { SIGNATURE_LIMITS } from '@/lib/api/v1/signature-body';
import {
  type TFieldValueBody,
  type TSignatureFieldBody,
  ZFieldValueBody,
  ZSignatureFieldBody,
} from '@/lib/api/v1/signer-actions';
import { AppError } from '@/lib/errors';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import { takesSignature } from './require-signer-field';

/**
 * What PUT /api/v1/signing/{token}/fields/{fieldId} carries, read once at the edge (the route) for the field it
 * names: a signature for a signature or initials field, a value for a data field. An attachment is a file, streamed
 * by attach-field-file.ts; a date field takes nothing (refuseServerFilled).
 */
export type TFieldInput =
  | { kind: 'signature'; signature: TSignatureFieldBody['signature'] }
  | { kind: 'value'; value: TFieldValueBody['value'] };

/** A data value is a line or a paragraph; a drawn signature's strokes (every coalesced sample) are far larger. */
const VALUE_BODY_MAX_BYTES = 16 * 1024;

/** The largest body the field's input may come in. */
export function fieldBodyMaxBytes(field: Pick<Field, 'type'>): number {
  return takesSignature(field) ? SIGNATURE_LIMITS.maxBodyBytes : VALUE_BODY_MAX_BYTES;
}

/** A date field is filled with the signing date when the signer finishes: refused before any body is read. */
export function refuseServerFilled(field: Pick<Field, 'type'>): void {
  if (field.type === 'DATE')
    throw new AppError('CONFLICT', 'A date field is filled with the signing date when you finish.', {
      extensions: { reason: 'date_field' },
    });
}

function wrongShape(field: Pick<Field, 'type'>, path: string, takes: string): AppError {
  const message = `A ${field.type.toLowerCase()} field takes ${takes}.`;
  return new AppError('INVALID_INPUT', message, { fieldErrors: [{ path, message }] });
}

const hasKey = (body: unknown, key: string) => typeof body === 'object' && body !== null && key in body;

/** The JSON body as the field's one input (400 naming what the field takes when the body is the other shape). */
export function parseFieldInput(field: Pick<Field, 'type'>, body: unknown): TFieldInput {
  if (takesSignature(field)) {
    if (hasKey(body, 'value')) throw wrongShape(field, 'value', '{ signature: { kind, … } }, not a value');
    return { kind: 'signature', signature: ZSignatureFieldBody.parse(body).signature };
  }
  if (hasKey(body, 'signature')) throw wrongShape(field, 'signature', '{ value }, not a signature');
  return { kind: 'value', value: ZFieldValueBody.parse(body).value };
}
