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
import type { TMultipartBody } from '@/lib/server/http/request-body';
import { takesSignature } from './require-signer-field';

/**
 * What PUT /api/v1/signing/{token}/fields/{fieldId} carries, read once at the edge (the route) for the field it
 * names: a signature for a signature or initials field, a value for a data field, a file or its removal for an
 * attachment field (TAttachmentInput); a date field takes nothing (refuseServerFilled).
 */
export type TFieldInput =
  | { kind: 'signature'; signature: TSignatureFieldBody['signature'] }
  | { kind: 'value'; value: TFieldValueBody['value'] };

/** An attachment's file, streamed to storage by attach-field-file.ts as it arrives, or JSON { value: null }. */
export type TAttachmentInput = { kind: 'file'; file: TMultipartBody } | { kind: 'remove' };

/** The most a removal's JSON body may take: it is `{"value":null}`. */
export const ATTACHMENT_REMOVAL_MAX_BYTES = 1024;

/** A body that is not a file (`body`: the JSON read, or undefined when it was none): a removal, or the 415 naming both. */
export function parseAttachmentRemoval(body: unknown): TAttachmentInput {
  if (body && typeof body === 'object' && 'value' in body && body.value === null && Object.keys(body).length === 1)
    return { kind: 'remove' };
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Send the file as multipart/form-data in the field "file" (or { "value": null } to remove it).',
  );
}

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
