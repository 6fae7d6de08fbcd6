// The validator against this instance's own seal: the anchors the route loads (instance CA, system store,
// VALIDATOR_TRUSTED_CAS), a B-LTA seal from sealWithInstanceKey with a real RFC 3161 responder, and single-byte changes to it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';
import { startTsaServer, type TTsaServer } from '@/tests/fixtures/tsa-server';
import { appDatabase, tempDir } from '@/tests/unit/db/helpers';
import { flip, signWithSignpdf } from './helpers';
import { pdfsig } from '@/tests/fixtures/pdf-judges';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let client: TDbClient;
let tsa: TTsaServer;
let operatorRoot: TTestPki;
let sealed: Uint8Array;

beforeAll(async () => {
  tsa = await startTsaServer();
  operatorRoot = makeTestPki('Operator Root');
  client = await appDatabase(tempDir('signet-validate-seal-'), {
    APP_URL: 'https://sign.example.org',
    TSA_URL: tsa.url,
    VALIDATOR_TRUSTED_CAS: `${operatorRoot.caPath},${tsa.caFile}`,
  });
  const { sealWithInstanceKey } = await import('@/lib/server/finalize/seal-with-instance-key');
  sealed = (await sealWithInstanceKey(new Uint8Array(await makePdf(2)))).bytes;
});
afterAll(async () => {
  await client.$disconnect();
  await tsa.close();
  vi.unstubAllEnvs();
});

async function validate(bytes: Uint8Array) {
  const { loadTrustAnchors } = await import('@/lib/server/validate/load-trust-anchors');
  const { validatePdf } = await import('@/lib/server/validate/validate-pdf');
  return validatePdf(bytes, { anchors: await loadTrustAnchors() });
}

describe("the validator and this instance's seal", () => {
  it('a B-LTA seal is valid, chains to the instance CA, and its document timestamp to a VALIDATOR_TRUSTED_CAS root ("system")', async () => {
    const report = await validate(sealed);
    expect(report.verdict).toBe('valid');
    const [seal, ...stamps] = report.signatures;
    expect(seal).toMatchObject({
      kind: 'signature',
      level: 'B-LTA',
      intact: true,
      trust: 'instance',
      subFilter: 'ETSI.CAdES.detached',
      timestamp: { valid: true },
    });
    expect(seal?.changesAfter.every((change) => change.startsWith('permitted:'))).toBe(true);
    expect(stamps.at(-1)).toMatchObject({
      kind: 'document_timestamp',
      intact: true,
      trust: 'system',
      coversWholeDocument: true,
    });
    expect((await pdfsig(sealed)).verdict).toBe('valid');
  });

  it('a root listed in VALIDATOR_TRUSTED_CAS makes an outside signature trusted as "system", naming the root', async () => {
    const report = await validate(await signWithSignpdf(new Uint8Array(await makePdf(1)), operatorRoot));
    expect(report.signatures[0]).toMatchObject({ trust: 'system', trustAnchor: 'CN=Operator Root, O=Signet Tests' });
  });

  it("one changed byte anywhere in the sealed file (header, body, the seal's contents, the appended revisions) is never valid", async () => {
    const text = Buffer.from(sealed).toString('latin1');
    const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map(
      (match) => match.slice(1, 5).map(Number) as [number, number, number, number],
    );
    const [seal] = ranges;
    if (!seal) throw new Error('no seal');
    const spread = (start: number, end: number, count: number) =>
      Array.from({ length: count }, (_, i) => start + Math.floor(((end - start - 1) * i) / Math.max(1, count - 1)));
    // Inside each signature's DER (not its zero padding) most bytes are unsigned framing: certificates, lengths, versions.
    const der = (range: [number, number, number, number]) => spread(range[1], text.indexOf('0000', range[1]), 24);
    const positions = [
      ...spread(0, 15, 4),
      ...spread(16, seal[1], 8),
      ...ranges.flatMap(der),
      ...spread(seal[2] + seal[3], sealed.byteLength, 16),
    ];
    for (const at of positions)
      expect(['modified', 'invalid'], `byte ${at}`).toContain((await validate(flip(sealed, at))).verdict);
  });
});
