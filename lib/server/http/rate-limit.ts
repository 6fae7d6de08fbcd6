import 'server-only';

export type TRateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sliding-window limiter kept in this process's memory: at most `limit` hits
 * per key within `windowMs`. Per instance by design (README: several app
 * instances each allow the limit); good enough against a script hammering
 * one form, no substitute for a proxy's limits.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** Keys kept at most; the oldest are forgotten first so memory stays bounded. */
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one hit for `key` unless it is over the limit. */
  hit(key: string, now = Date.now()): TRateLimitResult {
    const recent = (this.hits.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.delete(key); // re-insert so Map order is least recently used first
    this.hits.set(key, recent);
    this.evict();
    return { allowed: true };
  }

  /** Forgets the least recently used keys beyond maxKeys. */
  private evict(): void {
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) return;
      this.hits.delete(key);
    }
  }
}

/**
 * The client address for rate limiting: the last X-Forwarded-For entry, i.e.
 * the one the nearest proxy (or Next itself, from the socket) recorded. A
 * client talking to Next directly can set the header, so put a proxy that
 * overwrites or appends it in front of a public instance.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
  return last ?? request.headers.get('x-real-ip')?.trim() ?? 'unknown';
}
