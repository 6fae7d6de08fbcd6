// Revocation data for B-LT from other parties' sources: OCSP when the certificate names a responder, else its CRL.
import { P12Signer } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { sealPdf } from '@/lib/server/pdf/seal/seal-pdf';
import { sealRevocationProvider } from '@/lib/server/trust/seal-revocation';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { startTsaServer } from '@/tests/fixtures/tsa-server';
import { sealTestPki, signaturesOf } from '@/tests/unit/pdf/seal-helpers';
import { cmsVerify } from '@/tests/fixtures/pdf-judges';

const der = (pem: string) => new Uint8Array(Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64'));

describe('sealRevocationProvider for certificates of others', () => {
  it('embeds the OCSP response of a TSA certificate that names a responder', async () => {
    const pki = sealTestPki();
    const signer = await P12Signer.create(pki.p12, pki.password);
    const tsa = await startTsaServer({ ocsp: true });
    try {
      const sealed = await sealPdf(new Uint8Array(await makePdf(1)), {
        signer,
        tsaUrl: tsa.url,
        revocation: sealRevocationProvider({ issuedAfter: new Date() }),
      });
      expect(sealed.level).toBe('B-LTA');
      expect(sealed.warnings).toEqual([]);
      expect(tsa.ocspRequests()).toBeGreaterThanOrEqual(1);
      expect(Buffer.from(sealed.bytes).toString('latin1')).toMatch(/\/OCSPs\s*\[/);
      const [seal] = signaturesOf(sealed.bytes);
      expect((await cmsVerify(pki.dir, seal!.cms, seal!.signedBytes, pki.caPath)).code).toBe(0);
    } finally {
      await tsa.close();
    }
  });

  it('fetches a CRL from the distribution point, and throws (so the seal is retried) when it cannot', async () => {
    const tsa = await startTsaServer();
    const provider = sealRevocationProvider({ issuedAfter: new Date() });
    const crl = await provider.getCRL!(der(tsa.tsaCertPem));
    expect(crl?.[0]).toBe(0x30);
    // A root names no source: nothing to fetch, not a failure.
    expect(await provider.getCRL!(der(tsa.caPem))).toBeNull();
    await tsa.close();
    await expect(provider.getCRL!(der(tsa.tsaCertPem))).rejects.toThrow(/no revocation data for .*Test TSA/);
  });
});
