import 'server-only';
import { getEnv } from '@/lib/env';

/** The size and page limits every upload path checks (UPLOAD_MAX_BYTES, UPLOAD_MAX_PAGES). */
export function uploadLimits(): { maxBytes: number; maxPages: number } {
  const env = getEnv();
  return { maxBytes: env.UPLOAD_MAX_BYTES, maxPages: env.UPLOAD_MAX_PAGES };
}
