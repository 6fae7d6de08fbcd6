import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';

const pem = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

describe('DKIM variables', () => {
  it('are off when none is set', () => {
    expect(parseEnv({}).dkim).toBeUndefined();
  });

  it('take the key as PEM text, also with \\n escapes as one-line env files write it', () => {
    const oneLine = pem.trim().replace(/\n/g, '\\n');
    for (const key of [pem, oneLine]) {
      expect(parseEnv({ DKIM_DOMAIN: 'Example.com', DKIM_SELECTOR: 'signet', DKIM_PRIVATE_KEY: key }).dkim).toEqual({
        domainName: 'example.com',
        keySelector: 'signet',
        privateKey: expect.stringContaining('-----BEGIN PRIVATE KEY-----\n'),
      });
    }
  });

  it('take the key from a file path', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'signet-dkim-env-')), 'key.pem');
    writeFileSync(file, pem);
    expect(parseEnv({ DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: file }).dkim?.privateKey).toBe(
      pem,
    );
  });

  it('must be all three or none, naming the missing one', () => {
    expect(() => parseEnv({ DKIM_DOMAIN: 'example.com' })).toThrow(
      'Invalid environment variable DKIM_SELECTOR: required when DKIM_DOMAIN is set (set all three DKIM variables or none)',
    );
    expect(() => parseEnv({ DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1' })).toThrow(
      'Invalid environment variable DKIM_PRIVATE_KEY: required when DKIM_DOMAIN and DKIM_SELECTOR are set',
    );
    expect(() => parseEnv({ DKIM_PRIVATE_KEY: pem })).toThrow(/DKIM_DOMAIN: required when DKIM_PRIVATE_KEY is set/);
  });

  it('refuse a bad domain, selector, unreadable path or a key that is not a private key', () => {
    const base = { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: pem };
    expect(() => parseEnv({ ...base, DKIM_DOMAIN: 'https://example.com' })).toThrow(/DKIM_DOMAIN: expected the domain/);
    expect(() => parseEnv({ ...base, DKIM_SELECTOR: 'a b' })).toThrow(/DKIM_SELECTOR: expected a DNS label/);
    expect(() => parseEnv({ ...base, DKIM_PRIVATE_KEY: '/nonexistent/dkim.pem' })).toThrow(
      /DKIM_PRIVATE_KEY: expected PEM text or the path/,
    );
    const publicPem = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    expect(() => parseEnv({ ...base, DKIM_PRIVATE_KEY: publicPem })).toThrow(
      /DKIM_PRIVATE_KEY: expected a PEM private key/,
    );
  });
});
