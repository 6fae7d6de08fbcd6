import { apiFetch } from '@/lib/http/api-fetch';

/** A refusal from the v1 API, with its problem+json body (code, detail, errors[] naming bad paths). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string | undefined,
    readonly errors: { path: string; message: string }[],
    readonly body: Record<string, unknown>,
  ) {
    super(detail ?? code);
    this.name = 'ApiProblem';
  }
}

/**
 * The browser's call to a v1 endpoint: JSON in and out, the anti-forgery
 * header added by apiFetch, and any refusal thrown as an ApiProblem.
 */
export async function v1Request<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await apiFetch(`/api/v1${path}`, {
    method: init.method ?? 'GET',
    ...(init.body === undefined
      ? {}
      : { body: JSON.stringify(init.body), headers: { 'content-type': 'application/json' } }),
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
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
  return body as T;
}
