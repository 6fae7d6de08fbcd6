import 'server-only';
import { core as zodCore } from 'zod';
import { AppError, type ErrorCode, errorStatus } from '@/lib/errors';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { logger } from '@/lib/server/logger';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export type TProblem = {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail?: string;
  instance?: string;
  errors?: { path: string; message: string }[];
  [extension: string]: unknown;
};

type Messages = { errors: { codes: Record<ErrorCode, string> } };

async function titleFor(code: ErrorCode, acceptLanguage: string | null): Promise<string> {
  const locale = negotiateLocale(acceptLanguage);
  const messages = (await import(`../../../messages/${locale}.json`)).default as Messages;
  return messages.errors.codes[code];
}

/** Turns anything thrown into an AppError; unknown errors become INTERNAL (logged by problemBody, once). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // The core class: zod/mini's schemas (shared with the browser, e.g. the contact form's) throw it, not ZodError.
  if (error instanceof zodCore.$ZodError) {
    return new AppError('INVALID_INPUT', 'Some fields are missing or invalid.', {
      fieldErrors: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  }
  if (error instanceof SyntaxError) return new AppError('INVALID_INPUT', 'The request body is not valid JSON.');
  return new AppError('INTERNAL', undefined, { cause: error });
}

/**
 * Logs a 500 once, under a fresh request id that the answer carries too, so
 * a user's report ("request id …") leads to the one log line with the cause.
 */
function logInternal(error: unknown, request: Request | undefined): string {
  const requestId = crypto.randomUUID();
  const where = request ? { method: request.method, path: new URL(request.url).pathname } : {};
  logger.error('unhandled error', { requestId, ...where, error });
  return requestId;
}

/** RFC 9457 body for an error. A 500 carries only its generic title and its request id. */
export async function problemBody(error: unknown, request?: Request): Promise<TProblem> {
  const appError = toAppError(error);
  const requestId = appError.code === 'INTERNAL' ? logInternal(appError.cause ?? error, request) : undefined;
  const body: TProblem = {
    type: `about:blank`,
    title: await titleFor(appError.code, request?.headers.get('accept-language') ?? null),
    status: errorStatus[appError.code],
    code: appError.code,
  };
  if (appError.code !== 'INTERNAL' && appError.detail) body.detail = appError.detail;
  if (request) body.instance = new URL(request.url).pathname;
  if (appError.fieldErrors) body.errors = appError.fieldErrors;
  if (requestId) body.requestId = requestId;
  return { ...appError.extensions, ...body };
}

export async function problemResponse(error: unknown, request?: Request): Promise<Response> {
  const body = await problemBody(error, request);
  const headers: Record<string, string> = { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-store' };
  const retryAfter = error instanceof AppError ? error.retryAfterSeconds : undefined;
  if (retryAfter !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfter)));
  // Node would otherwise read (and discard) the rest of an unread request body before the next request on this connection.
  if (error instanceof AppError && error.closeConnection) headers.connection = 'close';
  return new Response(JSON.stringify(body), { status: body.status, headers });
}

type RouteHandler<C> = (request: Request, context: C) => Promise<Response> | Response;

/** Wraps a route handler so every failure leaves as problem+json. */
export function withProblems<C>(handler: RouteHandler<C>): RouteHandler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return problemResponse(error, request);
    }
  };
}
