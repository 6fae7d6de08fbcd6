import { describe, expect, it } from 'vitest';
import { readCookie, readCookies } from '@/lib/http/cookies';

describe('the one cookie parser', () => {
  it('reads and decodes cookies, the first of a name winning', () => {
    expect(readCookies('a=1; XSRF-TOKEN=x%20y; a=2')).toMatchObject({ a: '1', 'XSRF-TOKEN': 'x y' });
    expect(readCookie('SIGNET_LOCALE=cs', 'SIGNET_LOCALE')).toBe('cs');
    expect(readCookie(null, 'a')).toBeUndefined();
  });

  it('returns a value with broken percent-encoding as sent instead of throwing', () => {
    expect(readCookie('XSRF-TOKEN=%E0%A4%A; b=%zz', 'XSRF-TOKEN')).toBe('%E0%A4%A');
    expect(readCookie('XSRF-TOKEN=%E0%A4%A; b=%zz', 'b')).toBe('%zz');
  });
});
