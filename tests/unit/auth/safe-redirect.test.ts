import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';

const origin = 'http://localhost:3000';

describe('safeRedirectPath', () => {
  it.each([
    ['/welcome', '/welcome'],
    ['/pt/dashboard?tab=2#top', '/pt/dashboard?tab=2#top'],
    ['/document/abc', '/document/abc'],
    ['http://localhost:3000/cs/welcome', '/cs/welcome'],
  ])('keeps a path on our origin: %s', (target, expected) => {
    expect(safeRedirectPath(target, origin)).toBe(expected);
  });

  it.each([
    'https://evil.example/welcome',
    'http://localhost:3001/welcome',
    '//evil.example/welcome',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'welcome',
    '',
    '/api/auth/signout',
    '/api',
  ])('refuses %j and falls back to /welcome', (target) => {
    expect(safeRedirectPath(target, origin)).toBe('/welcome');
  });

  it('refuses non-strings and uses the given fallback', () => {
    expect(safeRedirectPath(undefined, origin, '/')).toBe('/');
    expect(safeRedirectPath(['/welcome'], origin)).toBe('/welcome');
  });
});
