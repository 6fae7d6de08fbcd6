// The instance's own CA, seal certificate and CRL, judged by openssl.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { appDatabase, tempDir } from '@/tests/unit/db/helpers';
import { judge } from '@/tests/fixtures/pdf-judges';
import { makeTestCa } from '@/tests/fixtures/test-pki';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const APP_URL = 'https://sign.example.org';
let client: TDbClient;
let folder: string;

beforeAll(async () => {
  folder = tempDir('signet-trust-');
  client = await appDatabase(folder, { APP_URL });
});
afterAll(async () => {
  await client.$disconnect();
  vi.unstubAllEnvs();
});

describe('the instance CA and seal certificate', () => {
  it('are created once, concurrently by two clients, and agree on one CA', async () => {
    const { createPrismaClient } = await import('@/lib/server/db/create-client');
    const { loadOrCreateTrustKeys } = await import('@/lib/server/trust/instance-trust');
    const other = createPrismaClient(`file:${path.join(folder, 'signet.db')}`);
    try {
      const [first, second] = await Promise.all([loadOrCreateTrustKeys(client), loadOrCreateTrustKeys(other)]);
      expect(second.ca.certificatePem).toBe(first.ca.certificatePem);
      expect(second.seal.certificatePem).toBe(first.seal.certificatePem);
      expect(await client.trustKey.count()).toBe(2);
      // And later calls read, not create.
      const again = await loadOrCreateTrustKeys(other);
      expect(again.ca.certificatePem).toBe(first.ca.certificatePem);
    } finally {
      await other.$disconnect();
    }
  });

  it('publishes a CA that issues the seal certificate with document-signing usages and our CRL address', async () => {
    const { getInstanceCa } = await import('@/lib/server/trust/instance-ca');
    const ca = await getInstanceCa();
    expect(ca.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const caFile = path.join(folder, 'ca.pem');
    writeFileSync(caFile, ca.certificatePem);
    const caText = (await judge('openssl', ['x509', '-in', caFile, '-noout', '-text'])).output;
    expect(caText).toContain('Public-Key: (3072 bit)');
    expect(caText).toMatch(/CA:TRUE/);
    expect(caText).toContain('Certificate Sign, CRL Sign');
    expect(caText).toContain('sign.example.org');

    const row = await client.trustKey.findUniqueOrThrow({ where: { slot: 'instance-seal' } });
    const sealFile = path.join(folder, 'seal.pem');
    writeFileSync(sealFile, row.certificatePem);
    expect((await judge('openssl', ['verify', '-CAfile', caFile, sealFile])).output).toContain('OK');
    const sealText = (await judge('openssl', ['x509', '-in', sealFile, '-noout', '-text'])).output;
    expect(sealText).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(sealText).toContain('1.3.6.1.4.1.311.10.3.12');
    expect(sealText).toContain('E-mail Protection');
    expect(sealText).toContain(`URI:${APP_URL}/api/v1/trust/crl`);
    expect(sealText).toMatch(/CA:FALSE/);
  });

  it('keeps the private keys encrypted with the instance blob key, not in clear', async () => {
    const rows = await client.trustKey.findMany();
    for (const row of rows) {
      // A PKCS#8 RSA key starts 30 82 .. .. 02 01 00 30 0d 06 09 2a 86 48 86 f7 0d 01 01 01.
      expect(Buffer.from(row.encryptedKey).includes(Buffer.from('2a864886f70d010101', 'hex'))).toBe(false);
      expect(Buffer.from(row.encryptedKey).subarray(0, 4).toString('latin1')).toBe('SGNB');
    }
  });
});

describe('the instance CRL', () => {
  it('is signed by the CA, valid a week, cached, and re-issued when a fresher one is asked for', async () => {
    const { getInstanceCrl, CRL_VALIDITY_MS } = await import('@/lib/server/trust/instance-crl');
    const first = await getInstanceCrl();
    expect(await getInstanceCrl()).toBe(first);
    const crlFile = path.join(folder, 'crl.der');
    writeFileSync(crlFile, first);
    const checked = await judge('openssl', [
      'crl',
      '-inform',
      'DER',
      '-in',
      crlFile,
      '-CAfile',
      path.join(folder, 'ca.pem'),
      '-noout',
      '-text',
    ]);
    expect(checked.output).toContain('verify OK');
    expect(checked.output).toContain('No Revoked Certificates');
    expect(checked.output).toContain('X509v3 CRL Number');
    const dates = (
      await judge('openssl', ['crl', '-inform', 'DER', '-in', crlFile, '-noout', '-lastupdate', '-nextupdate'])
    ).output;
    const last = Date.parse(/lastUpdate=(.+)/.exec(dates)![1]!);
    const next = Date.parse(/nextUpdate=(.+)/.exec(dates)![1]!);
    expect(next - last).toBe(CRL_VALIDITY_MS);
    expect(Math.abs(Date.now() - last)).toBeLessThan(60_000);

    // Another root does not verify it.
    const otherRoot = tempDir('signet-other-root-');
    makeTestCa(otherRoot, '/CN=Signet CA sign.example.org/O=Signet', 2);
    expect(
      (
        await judge('openssl', [
          'crl',
          '-inform',
          'DER',
          '-in',
          crlFile,
          '-CAfile',
          path.join(otherRoot, 'ca.pem'),
          '-noout',
        ])
      ).output,
    ).not.toContain('verify OK');

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresher = await getInstanceCrl({ issuedAfter: new Date() });
    expect(Buffer.from(fresher).equals(Buffer.from(first))).toBe(false);
  });
});
