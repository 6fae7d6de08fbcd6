import { describe, expect, it } from 'vitest';
import { clientIp, RateLimiter } from '@/lib/server/http/rate-limit';

describe('RateLimiter', () => {
  it('allows `limit` hits per key in the window, then says when to retry', () => {
    const limiter = new RateLimiter(5, 10 * 60_000);
    const t0 = 1_000_000;
    for (let i = 0; i < 5; i += 1) expect(limiter.hit('a', t0 + i * 1000)).toEqual({ allowed: true });
    expect(limiter.hit('a', t0 + 60_000)).toEqual({ allowed: false, retryAfterSeconds: 540 });
    // Other clients are not affected.
    expect(limiter.hit('b', t0 + 60_000)).toEqual({ allowed: true });
  });

  it('slides: each old hit frees a slot when it leaves the window', () => {
    const limiter = new RateLimiter(2, 1000);
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('a', 500).allowed).toBe(true);
    expect(limiter.hit('a', 999).allowed).toBe(false);
    expect(limiter.hit('a', 1000).allowed).toBe(true);
    expect(limiter.hit('a', 1200).allowed).toBe(false);
    expect(limiter.hit('a', 1500).allowed).toBe(true);
  });

  it('does not count refused hits, so waiting always helps', () => {
    const limiter = new RateLimiter(1, 1000);
    expect(limiter.hit('a', 0).allowed).toBe(true);
    for (let t = 100; t < 1000; t += 100) expect(limiter.hit('a', t).allowed).toBe(false);
    expect(limiter.hit('a', 1000).allowed).toBe(true);
  });

  it('keeps memory bounded by forgetting the least recently used keys', () => {
    const limiter = new RateLimiter(1, 60_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) limiter.hit(key, 0);
    // 'a' was forgotten, so it may send again; 'd' is still limited.
    expect(limiter.hit('a', 1).allowed).toBe(true);
    expect(limiter.hit('d', 1).allowed).toBe(false);
  });
});

describe('clientIp', () => {
  const request = (headers: Record<string, string>) => new Request('http://localhost/api/contact', { headers });

  it('takes the address the nearest proxy appended to X-Forwarded-For', () => {
    expect(clientIp(request({ 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }))).toBe('203.0.113.7');
    expect(clientIp(request({ 'x-forwarded-for': '::1' }))).toBe('::1');
  });

  it('falls back to X-Real-IP, then to one shared bucket', () => {
    expect(clientIp(request({ 'x-real-ip': '192.0.2.4' }))).toBe('192.0.2.4');
    expect(clientIp(request({}))).toBe('unknown');
  });
});
