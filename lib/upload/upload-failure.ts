import { type ErrorCode, errorCodes } from '@/lib/errors';

/**
 * Why an upload was refused, from the answer of POST /api/documents. The
 * server's problem+json `detail` is the most precise sentence but is English;
 * in other languages the translated sentence for the problem's code is used,
 * with the detail only when the code is unknown.
 */
export type TUploadFailure = {
  status: number;
  code: ErrorCode | null;
  /** The server's own sentence (problem+json detail), if any. */
  detail: string | null;
  /**
   * A refusal for the plan's monthly limit (QUOTA_EXCEEDED), with the limit the
   * server named (problem extension `limit`). The page shows the plans itself:
   * the detail's English sentence and its raw address are not for people.
   */
  quota: { limit: number | null } | null;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as string[]).includes(value);
}

/** Reads a failed upload's answer; anything unparsable keeps only the status. */
export function parseUploadFailure(status: number, body: unknown): TUploadFailure {
  const problem = isRecord(body) ? body : {};
  const code = isErrorCode(problem.code) ? problem.code : null;
  const detail = typeof problem.detail === 'string' && problem.detail.trim() ? problem.detail.trim() : null;
  const limit = Number.isSafeInteger(problem.limit) && (problem.limit as number) > 0 ? (problem.limit as number) : null;
  return { status, code, detail, quota: code === 'QUOTA_EXCEEDED' ? { limit } : null };
}

/** A 2xx answer that is not {"uploadResult":"OK","document":{"doctoken":…}} is a failure too: there is no document to open. */
export function uploadedToken(status: number, body: unknown): string | null {
  if (status < 200 || status >= 300 || !isRecord(body) || body.uploadResult !== 'OK') return null;
  const document = body.document;
  return isRecord(document) && typeof document.doctoken === 'string' && document.doctoken ? document.doctoken : null;
}

/**
 * The sentence that says why. `codeMessage` gives the translated sentence of
 * a code (messages errors.codes), `fallback` the one for "no reason given".
 */
export function uploadFailureReason(
  failure: TUploadFailure,
  locale: string,
  codeMessage: (code: ErrorCode) => string,
  fallback: string,
): string {
  if (locale === 'en' && failure.detail) return failure.detail;
  if (failure.code) return codeMessage(failure.code);
  return failure.detail ?? fallback;
}

/** When a monthly quota counts from zero again: the first instant of the next calendar month, UTC (as the server counts). */
export function quotaResetDate(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
