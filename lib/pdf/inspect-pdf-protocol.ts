import type { ErrorCode } from '@/lib/errors';
import type { TPdfInspection } from './inspect-pdf';

/** What lib/server/pdf/pdf-inspector.ts sends its worker (inspect-pdf.worker.ts), one at a time. */
export type TInspectRequest = { bytes: Uint8Array; maxPages: number };

/** The worker's answer: the inspection, or the refusal (an AppError's code and detail; code null for anything else). */
export type TInspectReply = ({ ok: true } & TPdfInspection) | { ok: false; code: ErrorCode | null; detail: string | undefined };
