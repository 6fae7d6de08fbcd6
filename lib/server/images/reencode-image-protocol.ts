import type { ErrorCode } from '@/lib/errors';
import type { TImageType } from './reencode-image';

/** What lib/server/images/image-reencoder.ts sends its worker (reencode-image.worker.ts), one at a time. */
export type TReencodeRequest = { bytes: Uint8Array; type: TImageType; maxPixels: number };

/** The re-encoded image, or the refusal (an AppError's code and detail; code null for anything else). */
export type TReencodeReply =
  | { ok: true; bytes: Uint8Array; width: number; height: number }
  | { ok: false; code: ErrorCode | null; detail: string | undefined };
