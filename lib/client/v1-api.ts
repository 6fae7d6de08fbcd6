import { WORKSPACE_HEADER } from '@/lib/api/v1/workspace-names';
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

export type TV1Init = {
  method?: string;
  body?: unknown;
  /** A multipart body instead of JSON (a file upload); the browser sets its content type and boundary. */
  form?: FormData;
  /**
   * The workspace the call acts in (X-Signet-Workspace), for a page about one thing of a workspace (a document)
   * that must act there whichever workspace is current; without it the call acts in the current one (its cookie).
   */
  workspace?: string;
};

/**
 * The browser's call to a v1 endpoint: JSON (or a form) in, JSON out, the anti-forgery
 * header added by apiFetch, and any refusal thrown as an ApiProblem.
 */
export async function v1Request<T>(path: string, init: TV1Init = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.workspace) headers[WORKSPACE_HEADER] = init.workspace;
  const response = await apiFetch(`/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.form ? { body: init.form } : init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
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
