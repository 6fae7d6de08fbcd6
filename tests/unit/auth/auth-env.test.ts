import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/env';

describe('sign-in environment', () => {
  it('defaults to the local provider settings', () => {
    const env = parseEnv({});
    expect(env.OIDC_ISSUER).toBeUndefined();
    expect(env.IDP_PORT).toBe(3001);
    expect(env.OIDC_CLOCK_SKEW_SECONDS).toBe(600);
    expect(env.IDP_TEST_HOOKS).toBe(false);
    expect(env.ADMIN_EMAILS).toEqual([]);
    expect(env.SESSION_RECHECK_SECONDS).toBe(120);
  });

  it('reads ADMIN_EMAILS as a comma-separated list of addresses, in lower case', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Ops@Example.com, second@example.com ,, ' }).ADMIN_EMAILS).toEqual([
      'ops@example.com',
      'second@example.com',
    ]);
    expect(parseEnv({ SESSION_RECHECK_SECONDS: '5' }).SESSION_RECHECK_SECONDS).toBe(5);
  });

  it.each(['https://login.example.com/realms/signet', 'http://localhost:8080/realms/x', 'http://127.0.0.1:3001'])(
    'accepts the issuer %s with a client id',
    (issuer) => {
      expect(parseEnv({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'signet' }).OIDC_ISSUER).toBe(issuer);
    },
  );

  it.each([
    ['OIDC_ISSUER', { OIDC_ISSUER: 'http://login.example.com', OIDC_CLIENT_ID: 'x' }, /https/],
    ['OIDC_ISSUER', { OIDC_ISSUER: 'ftp://login.example.com', OIDC_CLIENT_ID: 'x' }, /https/],
    ['OIDC_CLIENT_ID', { OIDC_ISSUER: 'https://login.example.com' }, /required when OIDC_ISSUER/],
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }, /32 characters/],
    ['OIDC_CLOCK_SKEW_SECONDS', { OIDC_CLOCK_SKEW_SECONDS: '-1' }, /0 or more/],
    ['IDP_PORT', { IDP_PORT: '99999' }, /at most/],
    ['ADMIN_EMAILS', { ADMIN_EMAILS: 'ops@example.com, not an address' }, /comma-separated email addresses/],
    ['SESSION_RECHECK_SECONDS', { SESSION_RECHECK_SECONDS: '3600' }, /at most 900/],
    ['SESSION_RECHECK_SECONDS', { SESSION_RECHECK_SECONDS: '0' }, /positive/],
  ])('names %s when it is wrong', (variable, source, message) => {
    try {
      parseEnv(source);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).variable).toBe(variable);
      expect((error as EnvError).message).toMatch(message);
    }
  });
});
