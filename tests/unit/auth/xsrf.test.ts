import { describe, expect, it } from 'vitest';
import { isProtectedPath } from '@/lib/auth/protected-paths';
import { isForgeryRisk, isSessionCookieName, newXsrfToken, type TXsrfRequest } from '@/lib/auth/xsrf';

const base: TXsrfRequest = {
  method: 'POST',
  pathname: '/api/me',
  hasSession: true,
  apiKeyAuthenticated: false,
  cookieToken: 'abc',
  headerToken: 'abc',
};

describe('isForgeryRisk', () => {
  it('lets a session request with the matching header through', () => {
    expect(isForgeryRisk(base)).toBe(false);
  });

  it.each([
    ['no header', { headerToken: null }],
    ['a different header', { headerToken: 'abd' }],
    ['a header of another length', { headerToken: 'abcd' }],
    ['no cookie', { cookieToken: undefined }],
    ['our logout', { pathname: '/api/auth/logout', headerToken: null }],
    ['a lower-case method', { method: 'patch', headerToken: null }],
  ])('refuses a session request with %s', (_name, change) => {
    expect(isForgeryRisk({ ...base, ...change })).toBe(true);
  });

  it.each([
    ['GET', { method: 'GET', headerToken: null }],
    ['HEAD', { method: 'HEAD', headerToken: null }],
    ['no session', { hasSession: false, headerToken: null }],
    ['a request an API key authenticated', { apiKeyAuthenticated: true, headerToken: null }],
    ["next-auth's own endpoints", { pathname: '/api/auth/signout', headerToken: null }],
  ])('does not ask for the header on %s', (_name, change) => {
    expect(isForgeryRisk({ ...base, ...change })).toBe(false);
  });

  it('recognises our session cookies only', () => {
    expect(isSessionCookieName('authjs.session-token')).toBe(true);
    expect(isSessionCookieName('__Secure-authjs.session-token.1')).toBe(true);
    expect(isSessionCookieName('_session')).toBe(false);
    expect(isSessionCookieName('authjs.csrf-token')).toBe(false);
  });

  it('makes unguessable tokens', () => {
    const token = newXsrfToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(newXsrfToken()).not.toBe(token);
  });
});

describe('isProtectedPath', () => {
  it.each([
    '/welcome',
    '/pt/welcome',
    '/dashboard',
    '/cs/dashboard/x',
    '/document/abc',
    '/es/document/abc',
    '/account',
    '/settings',
    '/admin',
    '/invite/abc',
    '/pt/invite/abc',
  ])('%s is protected', (path) => expect(isProtectedPath(path)).toBe(true));
  it.each([
    '/',
    '/pt',
    '/web',
    '/document',
    '/document/',
    '/invite',
    '/invite/',
    '/welcomed',
    '/sign-in',
    '/validator',
    '/pt/web',
  ])('%s is public', (path) => expect(isProtectedPath(path)).toBe(false));
});
