import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('encryptValue / decryptValue', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('BLOB_ENCRYPTION_KEY', randomBytes(32).toString('base64'));
    vi.stubEnv('LOG_LEVEL', 'error');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('opens under its own context only: a value copied onto another row does not open', async () => {
    const { decryptValue, encryptValue } = await import('@/lib/server/storage/value-crypto');
    const secret = Buffer.from('whsec_example-secret', 'utf8');
    const encrypted = await encryptValue('webhook-secret:w1', secret);
    expect(Buffer.from(encrypted).includes(secret)).toBe(false);
    expect(decryptValue('webhook-secret:w1', encrypted).equals(secret)).toBe(true);
    expect(() => decryptValue('webhook-secret:w2', encrypted)).toThrow();
    expect(() => decryptValue('trust-key:w1', encrypted)).toThrow();
  });

  it('does not open under another instance key', async () => {
    const { encryptValue } = await import('@/lib/server/storage/value-crypto');
    const encrypted = await encryptValue('trust-key:seal', new Uint8Array([1, 2, 3]));
    vi.resetModules();
    vi.stubEnv('BLOB_ENCRYPTION_KEY', randomBytes(32).toString('base64'));
    const { decryptValue } = await import('@/lib/server/storage/value-crypto');
    expect(() => decryptValue('trust-key:seal', encrypted)).toThrow();
  });
});
