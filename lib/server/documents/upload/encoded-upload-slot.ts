import 'server-only';
import { AppError } from '@/lib/errors';
import { PerKeyLimit } from '@/lib/server/concurrency/per-key-limit';

/**
 * Uploads sent as text (base64 in JSON, a data URL in a form) that one owner
 * may have in flight. Each holds its whole body twice while it is checked:
 * the text (up to a third larger than the file) and the decoded bytes, about
 * 60 MB for a 25 MB file. Without a bound, an owner's rate limit (60 uploads
 * in 10 minutes) could all be in memory at once; multipart uploads are
 * streamed and not counted here.
 */
export const ENCODED_UPLOADS_PER_OWNER = 3;
const RETRY_AFTER_SECONDS = 10;

const slots = new PerKeyLimit(
  ENCODED_UPLOADS_PER_OWNER,
  () =>
    new AppError(
      'RATE_LIMITED',
      `${ENCODED_UPLOADS_PER_OWNER} uploads sent as base64 are already being received for this account; send the next when one is done, or as multipart/form-data (streamed, not limited this way).`,
      // Refused before its body is read: the answer closes the connection instead of receiving the rest.
      { retryAfterSeconds: RETRY_AFTER_SECONDS, closeConnection: true },
    ),
);

/** Runs `task` (which reads and stores the body) in one of the owner's slots; 429 with Retry-After when all are taken. */
export function inEncodedUploadSlot<T>(ownerId: string, task: () => Promise<T>): Promise<T> {
  return slots.run(ownerId, task);
}

/** Slots the owner holds now (tests). */
export const encodedUploadsInFlight = (ownerId: string) => slots.inUse(ownerId);
