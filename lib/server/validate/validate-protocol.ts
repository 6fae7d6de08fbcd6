import type { TValidationReport } from '@/lib/api/v1/validate';
import type { ErrorCode } from '@/lib/errors';
import type { TSignetEvidence } from './read-signet-evidence';
import type { TTrustAnchors } from './trust-anchors';

/** What pdf-validator.ts sends its worker (validate-upload.worker.ts), one PDF at a time: the anchors travel as DER. */
export type TValidateRequest = { bytes: Uint8Array; maxPages: number; anchors: TTrustAnchors };

/**
 * The worker's answer: the report and the file's own evidence (which the
 * request thread holds against the database), or the refusal (an AppError's
 * code and detail; code null for anything else).
 */
export type TValidateReply =
  | { ok: true; report: TValidationReport; evidence: TSignetEvidence }
  | { ok: false; code: ErrorCode | null; detail: string | undefined };
