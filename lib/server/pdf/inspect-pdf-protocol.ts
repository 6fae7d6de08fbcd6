import type { ErrorCode } from '@/lib/errors';

/** What lib/server/pdf/pdf-inspector.ts sends its worker (inspect-pdf.worker.ts), one at a time. */
export type TInspectRequest = { bytes: Uint8Array; maxPages: number };

/**
 * The worker's answer: the inspection, or the refusal (an AppError's code and
 * detail; code null for anything else). `rewritten` holds the bytes only when
 * inspectPdf changed the PDF (scripts taken out): the sender still knows what
 * it sent, and sending 10 MB back unchanged costs the request thread a copy or
 * a fresh external allocation for nothing. `repaired` is the damaged input
 * rewritten (stored in its place), `repairs` what was wrong with it.
 */
export type TInspectReply =
  | {
      ok: true;
      pageCount: number;
      strippedScripts: string[];
      rewritten: Uint8Array | null;
      repaired: Uint8Array | null;
      repairs: string[];
    }
  | { ok: false; code: ErrorCode | null; detail: string | undefined };
