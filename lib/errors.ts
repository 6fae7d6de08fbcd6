/**
 * The one error type of the product. Domain code throws `AppError` with a
 * code; the HTTP layer maps the code once to a status and an RFC 9457 body
 * (lib/server/http/problem.ts), the UI to a translated message
 * (messages/*.json → errors.codes.<CODE>).
 */
export const errorStatus = {
  INVALID_INPUT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  // An API key without the scope a call needs (docs/api.md "Scopes"); the problem names it in `scope`.
  MISSING_SCOPE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  // A signing link that no longer works (signed, declined, completed, cancelled, expired, replaced): the problem body says why.
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // Understood but refused: e.g. completing a signing with required fields still empty (docs/api.md, `complete`).
  UNPROCESSABLE: 422,
  // Uploads: each refusal names its reason so the UI can say why.
  EMPTY_FILE: 400,
  FILE_TYPE_MISMATCH: 415,
  CORRUPT_FILE: 422,
  ENCRYPTED_FILE: 422,
  TOO_MANY_PAGES: 422,
  UNSAFE_FILE: 422,
  // Work on an untrusted file (the public validator) past its memory or time budget: the file, not the server, is at fault.
  TOO_COMPLEX: 422,
  CONVERSION_FAILED: 422,
  QUOTA_EXCEEDED: 429,
  // Signer one-time codes (docs/signer-authentication.md): the code ran out of time, or of tries
  // (`reason` otp_spent: ask for a new code; otp_locked: ask the sender for a new link).
  OTP_EXPIRED: 409,
  OTP_LOCKED: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export type TFieldError = { path: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Safe to show the caller: says what was wrong with their request. */
  readonly detail: string | undefined;
  readonly fieldErrors: TFieldError[] | undefined;
  /** Extra members for the problem body (e.g. a link to pricing). */
  readonly extensions: Record<string, unknown> | undefined;
  /** When to try again (a busy server, a rate limit): sent as the Retry-After header. */
  readonly retryAfterSeconds: number | undefined;
  /** The request's body was not read to its end: the answer closes the connection, so the server stops receiving it. */
  readonly closeConnection: boolean;

  constructor(
    code: ErrorCode,
    detail?: string,
    options: {
      fieldErrors?: TFieldError[];
      extensions?: Record<string, unknown>;
      cause?: unknown;
      retryAfterSeconds?: number;
      closeConnection?: boolean;
    } = {},
  ) {
    super(detail ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.detail = detail;
    this.fieldErrors = options.fieldErrors;
    this.extensions = options.extensions;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.closeConnection = options.closeConnection ?? false;
  }

  /** The same error, answered with the connection closed (see closeConnection). */
  closingConnection(): AppError {
    const { fieldErrors, extensions, retryAfterSeconds } = this;
    return new AppError(this.code, this.detail, {
      fieldErrors,
      extensions,
      retryAfterSeconds,
      cause: this.cause,
      closeConnection: true,
    });
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
