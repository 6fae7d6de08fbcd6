// SIGNING_P12: a PKCS#12 made by openssl, as a path or base64, and every way it can be refused.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EnvError, parseEnv } from '@/lib/env';
import type { TDbClient } from '@/lib/server/db/create-client';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { issueTestCertificate, type TTestPki } from '@/tests/fixtures/test-pki';
import { appDatabase, tempDir } from '@/tests/unit/db/helpers';
import { sealTestPki, signaturesOf } from '@/tests/unit/pdf/seal-helpers';
import { cmsVerify } from '@/tests/fixtures/pdf-judges';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let pki: TTestPki;
let p12File: string;
let client: TDbClient;

beforeAll(async () => {
  pki = sealTestPki();
  p12File = pki.p12Path;
  client = await appDatabase(tempDir('signet-p12-'), { SIGNING_P12: p12File, SIGNING_P12_PASSWORD: pki.password });
});
afterAll(async () => {
  await client.$disconnect();
  vi.unstubAllEnvs();
});

describe('a seal key from SIGNING_P12', () => {
  it("seals with the P12's key and chain, and creates no instance CA for it", async () => {
    const { getSealSigner } = await import('@/lib/server/trust/seal-signer');
    const { sealWithInstanceKey } = await import('@/lib/server/finalize/seal-with-instance-key');
    const signer = await getSealSigner();
    expect(Buffer.from(signer.certificate).toString('latin1')).toContain('Test seal');
    expect(signer.certificateChain).toHaveLength(1);
    const sealed = await sealWithInstanceKey(new Uint8Array(await makePdf(1)));
    expect(sealed.level).toBe('B-B');
    const [seal] = signaturesOf(sealed.bytes);
    expect((await cmsVerify(pki.dir, seal!.cms, seal!.signedBytes, pki.caPath)).code).toBe(0);
    expect(await client.trustKey.count()).toBe(0);
  });

  it('takes the P12 as base64 too', async () => {
    const { loadP12Signer } = await import('@/lib/server/trust/load-p12-signer');
    const signer = await loadP12Signer(Buffer.from(pki.p12).toString('base64'), pki.password);
    expect(signer.keyType).toBe('RSA');
  });

  it('refuses a wrong password, a CA-only P12 and a certificate without signing usage, naming SIGNING_P12', async () => {
    const { loadP12Signer } = await import('@/lib/server/trust/load-p12-signer');
    await expect(loadP12Signer(p12File, 'wrong')).rejects.toMatchObject({
      variable: 'SIGNING_P12',
      message: expect.stringContaining('cannot be opened'),
    });

    const ssl = (args: string[]) => execFileSync('openssl', args, { cwd: pki.dir, stdio: 'pipe' });
    ssl(['pkcs12', '-export', '-inkey', 'ca.key', '-in', 'ca.pem', '-out', 'ca-only.p12', '-passout', 'pass:x']);
    await expect(loadP12Signer(path.join(pki.dir, 'ca-only.p12'), 'x')).rejects.toThrow(/is a CA certificate/);

    issueTestCertificate(
      pki.dir,
      'enc',
      '/CN=Encryption only',
      ['basicConstraints=CA:FALSE', 'keyUsage=critical,keyEncipherment'],
      {
        serial: 9,
      },
    );
    ssl(['pkcs12', '-export', '-inkey', 'enc.key', '-in', 'enc.pem', '-out', 'enc.p12', '-passout', 'pass:x']);
    await expect(loadP12Signer(path.join(pki.dir, 'enc.p12'), 'x')).rejects.toThrow(
      /does not allow digital signatures/,
    );
  });

  it('is checked at start: a missing file, a non-PKCS#12 value, or a password without a P12', () => {
    const refused = (env: Record<string, string>) => {
      try {
        parseEnv(env);
      } catch (error) {
        return error instanceof EnvError ? `${error.variable}: ${error.problem}` : String(error);
      }
      return 'accepted';
    };
    expect(refused({ SIGNING_P12: '/nowhere/seal.p12' })).toMatch(/^SIGNING_P12: .*cannot read/);
    expect(
      refused({
        SIGNING_P12: Buffer.from('-----BEGIN CERTIFICATE----- not a pfx at all, just text long enough').toString(
          'base64',
        ),
      }),
    ).toMatch(/^SIGNING_P12: is not a PKCS#12/);
    expect(refused({ SIGNING_P12_PASSWORD: 'secret' })).toMatch(/^SIGNING_P12: required/);
    expect(refused({ SIGNING_P12: p12File, SIGNING_P12_PASSWORD: 'anything' })).toBe('accepted');
    expect(refused({ TSA_URL: 'ftp://tsa.example' })).toMatch(/^TSA_URL/);
  });
});
