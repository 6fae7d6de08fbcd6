import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/env';
import { databaseKind } from '@/lib/env-values';

describe('parseEnv', () => {
  it('falls back to the embedded defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.databaseKind).toBe('sqlite');
    expect(env.dataDir).toBe(path.resolve('data'));
    expect(env.databaseUrl).toBe(`file:${path.resolve('data', 'signet.db')}`);
    expect(env.STORAGE_DRIVER).toBe('local');
    expect(env.JOBS_ENABLED).toBe(true);
    expect(env.appUrl).toBe('http://localhost:3000');
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: ' ' }).databaseKind).toBe('sqlite');
  });

  it('honours PORT, DATA_DIR and APP_URL', () => {
    const env = parseEnv({ PORT: '4100', DATA_DIR: '/tmp/signet-x', APP_URL: 'https://sign.example.com/' });
    expect(env.PORT).toBe(4100);
    expect(env.databaseUrl).toBe('file:/tmp/signet-x/signet.db');
    expect(env.appUrl).toBe('https://sign.example.com');
  });

  it('selects PostgreSQL for postgres URLs', () => {
    const AUTH_SECRET = 'a'.repeat(32);
    expect(parseEnv({ DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/signet', AUTH_SECRET }).databaseKind).toBe(
      'postgresql',
    );
    expect(parseEnv({ DATABASE_URL: 'postgres://u@db/signet', AUTH_SECRET }).databaseKind).toBe('postgresql');
  });

  it('requires AUTH_SECRET with PostgreSQL, where several instances must share the session key', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/signet' })).toThrow(
      /^Invalid environment variable AUTH_SECRET: required when DATABASE_URL is PostgreSQL/,
    );
    expect(parseEnv({ DATABASE_URL: 'file:/tmp/x.db' }).AUTH_SECRET).toBeUndefined();
  });

  it('accepts BLOB_ENCRYPTION_KEY only as strict base64 of exactly 32 bytes', () => {
    const key = Buffer.alloc(32, 0xfb).toString('base64');
    expect(parseEnv({ BLOB_ENCRYPTION_KEY: key }).BLOB_ENCRYPTION_KEY).toBe(key);
    // Each of these decodes loosely to 32 bytes with Buffer.from(v, 'base64').
    const loose = [
      Buffer.alloc(32, 0xfb).toString('base64url'), // base64url alphabet, no padding
      key.slice(0, -1), // padding missing
      `${key.slice(0, 20)}!${key.slice(20)}`, // a stray character Node skips
      ` ${key}`, // whitespace
      `${key}${key}`, // two keys pasted
      `${key.slice(0, 42)}B=`, // non-canonical last character
    ];
    for (const value of loose) {
      expect(() => parseEnv({ BLOB_ENCRYPTION_KEY: value }), value).toThrow(
        /BLOB_ENCRYPTION_KEY: expected exactly 32 random bytes/,
      );
    }
  });

  it.each([
    ['DATABASE_URL', 'nonsense'],
    ['DATABASE_URL', 'mysql://u@h/db'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['APP_URL', 'not a url'],
    ['STORAGE_DRIVER', 'ftp'],
    ['BLOB_ENCRYPTION_KEY', 'c2hvcnQ='],
    ['JOBS_ENABLED', 'maybe'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['LOG_LEVEL', 'loud'],
  ])('names %s when it is %j', (variable, value) => {
    let caught: unknown;
    try {
      parseEnv({ [variable]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    expect((caught as EnvError).variable).toBe(variable);
    expect((caught as EnvError).message).toMatch(new RegExp(`^Invalid environment variable ${variable}: `));
    expect((caught as EnvError).message).not.toContain('\n');
  });

  it('checks TRUSTED_PROXIES and RATE_LIMITS, naming the bad part', () => {
    expect(parseEnv({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8, 2001:db8::1' }).TRUSTED_PROXIES).toBe(
      'loopback, 10.0.0.0/8, 2001:db8::1',
    );
    expect(() => parseEnv({ TRUSTED_PROXIES: 'loopback, proxy.example' })).toThrow(/TRUSTED_PROXIES/);
    expect(parseEnv({ RATE_LIMITS: 'upload=30/3600, contact=5/600' }).RATE_LIMITS).toBe(
      'upload=30/3600, contact=5/600',
    );
    expect(() => parseEnv({ RATE_LIMITS: 'uploads=30/3600' })).toThrow(/RATE_LIMITS.*"uploads=30\/3600"/);
    expect(() => parseEnv({ RATE_LIMITS: 'upload=0/60' })).toThrow(/RATE_LIMITS/);
  });

  it('requires bucket and credentials for the S3 driver', () => {
    expect(() => parseEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });
});

describe('databaseKind', () => {
  it('recognises our two databases only', () => {
    expect(databaseKind('file:./data/x.db')).toBe('sqlite');
    expect(databaseKind('postgresql://h/db')).toBe('postgresql');
    expect(databaseKind('file:')).toBeNull();
    expect(databaseKind('sqlite://x')).toBeNull();
  });
});
