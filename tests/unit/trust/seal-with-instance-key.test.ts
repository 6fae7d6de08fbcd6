// sealWithInstanceKey: the instance's own key, TSA_URL, and revocation data from our own CRL.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { startTsaServer, type TTsaServer } from '@/tests/fixtures/tsa-server';
import { appDatabase, tempDir } from '@/tests/unit/db/helpers';
import { signaturesOf, writePdf } from '@/tests/unit/pdf/seal-helpers';
import { cmsVerify, judge } from '@/tests/fixtures/pdf-judges';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let client: TDbClient;
let folder: string;
let tsa: TTsaServer;

beforeAll(async () => {
  tsa = await startTsaServer();
  folder = tempDir('signet-seal-instance-');
  client = await appDatabase(folder, { APP_URL: 'https://sign.example.org', TSA_URL: tsa.url });
});
afterAll(async () => {
  await client.$disconnect();
  await tsa.close();
  vi.unstubAllEnvs();
});

describe('sealWithInstanceKey', () => {
  it('seals at B-LTA with the instance seal key, chaining to the published CA, with our CRL in the DSS', async () => {
    const { sealWithInstanceKey } = await import('@/lib/server/finalize/seal-with-instance-key');
    const { getInstanceCa } = await import('@/lib/server/trust/instance-ca');
    const { getInstanceCrl } = await import('@/lib/server/trust/instance-crl');
    const sealed = await sealWithInstanceKey(new Uint8Array(await makePdf(2)));
    expect(sealed.level).toBe('B-LTA');
    expect(sealed.warnings).toEqual([]);

    const caFile = path.join(folder, 'instance-ca.pem');
    writeFileSync(caFile, (await getInstanceCa()).certificatePem);
    const [seal] = signaturesOf(sealed.bytes);
    if (!seal) throw new Error('no seal');
    // openssl's default S/MIME purpose passes too: the seal certificate carries emailProtection.
    expect((await cmsVerify(folder, seal.cms, seal.signedBytes, caFile, [])).code).toBe(0);
    expect((await cmsVerify(folder, seal.cms, seal.signedBytes, tsa.caFile)).code).not.toBe(0);

    // The DSS holds our CRL (issued for this seal, no HTTP to ourselves) and the TSA's.
    const file = await writePdf(folder, 'instance.pdf', sealed.bytes);
    const expanded = path.join(folder, 'expanded.pdf');
    await judge('qpdf', ['--qdf', '--object-streams=disable', '--decode-level=all', file, expanded]);
    const plain = readFileSync(expanded);
    expect(plain.includes(Buffer.from(await getInstanceCrl()))).toBe(true);
    expect(plain.includes(readFileSync(path.join(path.dirname(tsa.caFile), 'crl.der')))).toBe(true);

    const pdfsig = await judge('pdfsig', [file]);
    expect(pdfsig.output).toContain('Signature is Valid.');
    expect(pdfsig.output).toContain('Signet seal sign.example.org');
    expect((await judge('qpdf', ['--check', file])).code).toBe(0);
  });

  it('fails with tsa_unavailable and no output when the TSA stops answering', async () => {
    const { sealWithInstanceKey } = await import('@/lib/server/finalize/seal-with-instance-key');
    await tsa.close();
    await expect(sealWithInstanceKey(new Uint8Array(await makePdf(1)))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      extensions: { reason: 'tsa_unavailable' },
    });
    tsa = await startTsaServer();
  });

  it('seals at B-B without TSA_URL: pdfsig finds the whole document signed, openssl chains it to our CA', async () => {
    vi.resetModules();
    vi.stubEnv('TSA_URL', '');
    const { sealWithInstanceKey } = await import('@/lib/server/finalize/seal-with-instance-key');
    const sealed = await sealWithInstanceKey(new Uint8Array(await makePdf(1)));
    expect(sealed).toMatchObject({ level: 'B-B', timestampAt: null });
    const file = await writePdf(folder, 'instance-bb.pdf', sealed.bytes);
    const pdfsig = await judge('pdfsig', [file]);
    expect(pdfsig.output).toContain('Signature is Valid.');
    expect(pdfsig.output).toContain('Total document signed');
    const [seal] = signaturesOf(sealed.bytes);
    expect((await cmsVerify(folder, seal!.cms, seal!.signedBytes, path.join(folder, 'instance-ca.pem'), [])).code).toBe(
      0,
    );
    expect(await client.trustKey.count()).toBe(2); // the same CA as before: nothing new was created
  });
});
