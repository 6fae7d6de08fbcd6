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
    // Dot segments that the URL parser resolves into a protocol-relative `//host` path.
    '/.//evil.com',
    '/%2e//evil.com',
    '/%2E%2E//evil.com',
    '/a/..//evil.com',
    '/a/%2e%2e//evil.com',
    '/..//evil.com',
    'http://localhost:3000//evil.com',
    'http://localhost:3000/.//evil.com',
    'http://localhost:3000/%2e/%2e//evil.com',
    '/x/../api/me',
  ])('refuses %j and falls back to /welcome', (target) => {
    expect(safeRedirectPath(target, origin)).toBe('/welcome');
  });

  it.each([
    ['/a/./b', '/a/b'],
    ['/a/../welcome', '/welcome'],
    ['/.%2f/evil.com', '/.%2f/evil.com'],
    ['/;//evil.com', '/;//evil.com'],
  ])('keeps a normalised path that stays on our origin: %s', (target, expected) => {
    const path = safeRedirectPath(target, origin);
    expect(path).toBe(expected);
    expect(new URL(path, 'http://localhost:3000').origin).toBe(origin);
  });

  it('refuses non-strings and uses the given fallback', () => {
    expect(safeRedirectPath(undefined, origin, '/')).toBe('/');
    expect(safeRedirectPath(['/welcome'], origin)).toBe('/welcome');
  });
});
