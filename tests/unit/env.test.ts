import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseKind, EnvError, parseEnv } from '@/lib/env';

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
    expect(parseEnv({ DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/signet' }).databaseKind).toBe('postgresql');
    expect(parseEnv({ DATABASE_URL: 'postgres://u@db/signet' }).databaseKind).toBe('postgresql');
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
    expect(parseEnv({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8, 2001:db8::1' }).TRUSTED_PROXIES).toBe('loopback, 10.0.0.0/8, 2001:db8::1');
    expect(() => parseEnv({ TRUSTED_PROXIES: 'loopback, proxy.example' })).toThrow(/TRUSTED_PROXIES/);
    expect(parseEnv({ RATE_LIMITS: 'upload=30/3600, contact=5/600' }).RATE_LIMITS).toBe('upload=30/3600, contact=5/600');
    expect(() => parseEnv({ RATE_LIMITS: 'uploads=30/3600' })).toThrow(/RATE_LIMITS.*"uploads=30\/3600"/);
    expect(() => parseEnv({ RATE_LIMITS: 'upload=0/60' })).toThrow(/RATE_LIMITS/);
  });

  it('requires bucket and credentials for the S3 driver', () => {
    expect(() => parseEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
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
