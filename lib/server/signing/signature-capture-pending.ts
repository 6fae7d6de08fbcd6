import 'server-only';
import { ZSignatureFieldBody } from '@/lib/api/v1/signer-actions';
import { AppError } from '@/lib/errors';
import type { TField } from '@/lib/api/v1/fields';

/**
 * Stands in for the signature capture (lib/server/signatures/save-signature-field.ts,
 * built beside this) until it lands: the body's shape is checked like any
 * other (a `{ value }` on a signature field is a 400), then the request is
 * refused plainly, storing nothing. The route's signature branch is this one
 * call, so wiring the real capture replaces one import.
 */
export async function signatureCaptureUnavailable(field: { type: string }, body: unknown): Promise<TField> {
  if (typeof body === 'object' && body !== null && 'value' in body) {
    const message = `A ${field.type.toLowerCase()} field takes { signature: { kind, … } }, not a value.`;
    throw new AppError('INVALID_INPUT', message, { fieldErrors: [{ path: 'value', message }] });
  }
  ZSignatureFieldBody.parse(body);
  throw new AppError('UNPROCESSABLE', 'Signature capture is not available yet on this server.', { extensions: { reason: 'signature_capture_unavailable' } });
}
