'use client';

import { useQuery } from '@tanstack/react-query';
import type { TField } from '@/lib/api/v1/fields';
import type { TSignatureBody } from '@/lib/api/v1/signature-body';
import type { TGoneReason, TSigningSession } from '@/lib/api/v1/signing-session';
import { apiFetch } from '@/lib/http/api-fetch';
import { ApiProblem, v1Request } from '@/lib/client/v1-api';

/** The signer endpoints (docs/api.md: Signer reads, Signer changes), relative to /api/v1 (v1Request adds it). */
export const signingPath = (token: string, rest = '') => `/signing/${encodeURIComponent(token)}${rest}`;

/** GET /api/v1/signing/{token}, once per visit: a refusal (404, 410) is final, so only a lost connection is retried. */
export function useSigningSession(token: string) {
  return useQuery({
    queryKey: ['signing', token],
    queryFn: () => v1Request<TSigningSession>(signingPath(token)),
    retry: (count, error) => !(error instanceof ApiProblem) && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** The 410's reason when a call found the link dead (another tab finished, the sender cancelled), else null. */
export function goneReason(error: unknown): TGoneReason | null {
  return error instanceof ApiProblem && error.status === 410
    ? ((error.body.reason as TGoneReason | undefined) ?? 'replaced')
    : null;
}

/** PUT …/fields/{fieldId} with a data field's value: a string, "true"/"false" for a checkbox (docs/api.md, Signer changes). */
export function putFieldValue(token: string, fieldId: string, value: string): Promise<TField> {
  return v1Request<TField>(signingPath(token, `/fields/${encodeURIComponent(fieldId)}`), {
    method: 'PUT',
    body: { value },
  });
}

/** PUT …/fields/{fieldId} with a signature or initials (docs/signatures.md, "Bodies and limits"). */
export function putFieldSignature(token: string, fieldId: string, signature: TSignatureBody): Promise<TField> {
  return v1Request<TField>(signingPath(token, `/fields/${encodeURIComponent(fieldId)}`), {
    method: 'PUT',
    body: { signature },
  });
}

/** PUT …/fields/{fieldId} with an attachment (multipart `file`), refusals thrown as ApiProblem like v1Request. */
export async function putFieldFile(token: string, fieldId: string, file: File): Promise<TField> {
  const form = new FormData();
  form.set('file', file);
  const response = await apiFetch(`/api/v1${signingPath(token, `/fields/${encodeURIComponent(fieldId)}`)}`, {
    method: 'PUT',
    body: form,
  });
  const text = await response.text();
  const body = (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as Record<
    string,
    unknown
  >;
  if (!response.ok) {
    const errors = Array.isArray(body.errors) ? (body.errors as { path: string; message: string }[]) : [];
    throw new ApiProblem(
      response.status,
      String(body.code ?? 'INTERNAL'),
      typeof body.detail === 'string' ? body.detail : undefined,
      errors,
      body,
    );
  }
  return body as TField;
}

export const giveConsent = (token: string) =>
  v1Request<void>(signingPath(token, '/consent'), { method: 'POST', body: { accepted: true } });
export const completeSigning = (token: string) =>
  v1Request<{ status: 'signed'; everyoneSigned: boolean }>(signingPath(token, '/complete'), { method: 'POST' });
export const declineSigning = (token: string, reason: string) =>
  v1Request<{ status: 'declined' }>(signingPath(token, '/decline'), { method: 'POST', body: { reason } });
