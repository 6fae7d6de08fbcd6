import 'server-only';
import type { TField } from '@/lib/api/v1/fields';
import { ZSignatureFieldBody } from '@/lib/api/v1/signer-actions';
import { AppError } from '@/lib/errors';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import type { TSigner } from '@/lib/server/http/signer-route';

/**
 * PUT /api/v1/signing/{token}/fields/{fieldId} on a signature or initials
 * field (the route has checked the link, consent, authentication and that
 * the field is the signer's): the body must be `{ signature: { kind, … } }`;
 * a `{ value }` is a 400 naming value. The signature itself goes to the
 * signature capture.
 */
export async function fillSignatureField(signer: TSigner, field: Field, body: unknown, meta: TRequestMeta): Promise<TField> {
  if (typeof body === 'object' && body !== null && 'value' in body) {
    const message = `A ${field.type.toLowerCase()} field takes { signature: { kind, … } }, not a value.`;
    throw new AppError('INVALID_INPUT', message, { fieldErrors: [{ path: 'value', message }] });
  }
  const { signature } = ZSignatureFieldBody.parse(body);
  return captureSignature(signer, field, signature, meta);
}

/**
 * The seam to the signature capture (lib/server/signatures/save-signature-field.ts,
 * built beside this part). Until it is wired, signatures are refused plainly
 * and nothing is stored. Wiring it is this one call:
 * `(await saveSignatureField({ signer, fieldId: field.id, body: signature, ...meta })).field`.
 */
async function captureSignature(_signer: TSigner, _field: Field, _signature: unknown, _meta: TRequestMeta): Promise<TField> {
  throw new AppError('UNPROCESSABLE', 'Signature capture is not available yet on this server.', { extensions: { reason: 'signature_capture_unavailable' } });
}
