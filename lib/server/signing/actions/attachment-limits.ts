import 'server-only';
import { getEnv } from '@/lib/env';

/**
 * What a signer may attach (SIGNER_ATTACHMENT_MAX_BYTES per file,
 * SIGNER_ATTACHMENT_MAX_COUNT files per recipient): enforced by
 * attach-field-file.ts, sent to the signing page so it can refuse a file
 * that is too large before sending it.
 */
export function attachmentLimits(): { maxBytes: number; maxCount: number } {
  const env = getEnv();
  return { maxBytes: env.SIGNER_ATTACHMENT_MAX_BYTES, maxCount: env.SIGNER_ATTACHMENT_MAX_COUNT };
}
