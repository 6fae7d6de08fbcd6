import 'server-only';
import type { z } from 'zod';
import { AppError } from '@/lib/errors';
import { readBoundedText } from './read-bounded-text';
import { readJsonBody } from './read-json-body';
import { readMultipartUpload, type TMultipartUpload } from './read-multipart-upload';

/**
 * A request body a route has told apart by its Content-Type, not yet read. The route picks the kinds it
 * takes (and answers 415 for any other); the operation it calls gets this typed body, never the request,
 * gives the refusals that need no body first (a quota used up, a declared size past the limit, a busy
 * validator) and only then reads it, under its own size limit, into typed input.
 */
type TUnreadBody<K extends string, T> = {
  kind: K;
  /** The Content-Length the client declared, if any: a hint for early refusals, checked again while reading. */
  declaredBytes: number | undefined;
  /** Reads and checks the body: 413 past `maxBytes`, 400 when it breaks the form or the schema. Once only. */
  read(maxBytes: number): Promise<T>;
};

/** One file in the multipart field "file" (plus text fields sent before it), streamed as it arrives. */
export type TMultipartBody = TUnreadBody<'multipart', TMultipartUpload>;
export type TJsonBody<T> = TUnreadBody<'json', T>;
export type TFormBody<T> = TUnreadBody<'form', T>;

function mediaType(request: Request): string {
  return request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
}

function declaredBytes(request: Request): number | undefined {
  const declared = Number(request.headers.get('content-length'));
  return Number.isFinite(declared) && declared > 0 ? declared : undefined;
}

/** The body as a one-file multipart form, or null when it is sent as something else. */
export function multipartBody(request: Request): TMultipartBody | null {
  if (mediaType(request) !== 'multipart/form-data') return null;
  return {
    kind: 'multipart',
    declaredBytes: declaredBytes(request),
    read: (maxBytes) => readMultipartUpload(request, { maxBytes, fieldName: 'file' }),
  };
}

/** The body as JSON checked against `schema`, or null when it is sent as something else. */
export function jsonBody<S extends z.ZodType>(request: Request, schema: S): TJsonBody<z.output<S>> | null {
  if (mediaType(request) !== 'application/json') return null;
  return {
    kind: 'json',
    declaredBytes: declaredBytes(request),
    read: async (maxBytes) => schema.parse(await readJsonBody(request, maxBytes)),
  };
}

/** The body as an urlencoded form checked against `schema`, or null when it is sent as something else. */
export function formBody<S extends z.ZodType>(request: Request, schema: S): TFormBody<z.output<S>> | null {
  if (mediaType(request) !== 'application/x-www-form-urlencoded') return null;
  return {
    kind: 'form',
    declaredBytes: declaredBytes(request),
    read: async (maxBytes) =>
      schema.parse(Object.fromEntries(new URLSearchParams(await readBoundedText(request, maxBytes)))),
  };
}

/** What a multipart form adds around its file (boundaries, part headers with a long name, a name field): far less than this. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Whether the form's declared length cannot hold a file within `maxBytes`: refused (413) before a byte is
 * read, so a file past the limit is not sent whole over a slow line only to be refused.
 */
export function declaresFilePast(body: TMultipartBody, maxBytes: number): boolean {
  return body.declaredBytes !== undefined && body.declaredBytes > maxBytes + FORM_OVERHEAD_BYTES;
}

/** The 415 for a body of a kind the route does not take, naming the kinds it does. */
export function unsupportedBody(message: string): never {
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', message);
}
