import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';

describe('upload limits in the environment', () => {
  it('defaults to 25 MB, 500 pages, 60 s and one conversion at a time', () => {
    const env = parseEnv({});
    expect(env.UPLOAD_MAX_BYTES).toBe(25 * 1024 * 1024);
    expect(env.UPLOAD_MAX_PAGES).toBe(500);
    expect(env.OFFICE_CONVERSION_TIMEOUT_MS).toBe(60_000);
    expect(env.OFFICE_CONVERSION_CONCURRENCY).toBe(1);
    expect(env.OFFICE_CONVERSION_MEMORY_MB).toBe(3072);
    expect(env.OFFICE_SANDBOX_BWRAP).toBe('bwrap');
  });

  it('takes the sandbox settings', () => {
    const env = parseEnv({ OFFICE_CONVERSION_MEMORY_MB: '1024', OFFICE_SANDBOX_BWRAP: '/opt/bin/bwrap' });
    expect([env.OFFICE_CONVERSION_MEMORY_MB, env.OFFICE_SANDBOX_BWRAP]).toEqual([1024, '/opt/bin/bwrap']);
  });

  it('honours set values', () => {
    const env = parseEnv({
      UPLOAD_MAX_BYTES: '1048576',
      UPLOAD_MAX_PAGES: '20',
      OFFICE_CONVERSION_TIMEOUT_MS: '5000',
      OFFICE_CONVERSION_CONCURRENCY: '2',
    });
    expect([
      env.UPLOAD_MAX_BYTES,
      env.UPLOAD_MAX_PAGES,
      env.OFFICE_CONVERSION_TIMEOUT_MS,
      env.OFFICE_CONVERSION_CONCURRENCY,
    ]).toEqual([1048576, 20, 5000, 2]);
  });

  it.each([
    ['UPLOAD_MAX_BYTES', '25MB'],
    ['UPLOAD_MAX_BYTES', '0'],
    ['UPLOAD_MAX_PAGES', '-1'],
    ['OFFICE_CONVERSION_TIMEOUT_MS', '1.5'],
    ['OFFICE_CONVERSION_CONCURRENCY', '99'],
    ['OFFICE_CONVERSION_MEMORY_MB', '3GB'],
  ])('names %s when it is %j', (variable, value) => {
    expect(() => parseEnv({ [variable]: value })).toThrow(`Invalid environment variable ${variable}`);
  });

  it('requires BLOB_ENCRYPTION_KEY with the S3 driver, where instances share the bucket', () => {
    const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(() => parseEnv(s3)).toThrow(
      'Invalid environment variable BLOB_ENCRYPTION_KEY: required when STORAGE_DRIVER=s3',
    );
    expect(parseEnv({ ...s3, BLOB_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') }).STORAGE_DRIVER).toBe('s3');
  });
});
