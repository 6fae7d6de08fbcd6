import 'server-only';
import { RateLimiter } from '@/lib/server/http/rate-limit';

/** Largest accepted body of POST /api/contact (the longest valid form is far below it). */
export const CONTACT_BODY_LIMIT = 16 * 1024;

/** Requests per client address and window, counted per app instance. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;

const holder = globalThis as typeof globalThis & { signetContactLimiter?: RateLimiter };

/** One limiter per process (dev reloads re-evaluate modules but keep globalThis). */
export function contactRateLimiter(): RateLimiter {
  holder.signetContactLimiter ??= new RateLimiter(CONTACT_RATE_LIMIT.limit, CONTACT_RATE_LIMIT.windowMs);
  return holder.signetContactLimiter;
}
