import { execFileSync } from 'node:child_process';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { buildCertificate } from '@/lib/server/pdf/certificate/build-certificate';
import type { TCertificateRecipient } from '@/lib/server/pdf/certificate/types';
import { certificateTranslator } from '@/lib/server/finalize/certificate-translator';
import { certificateData } from './certificate-fixture';
import { pdfFile, pdfText, qpdfCheck } from '../../fixtures/pdf-judges';

const build = async (locale: 'en' | 'pt' | 'cs' | 'es', events = 12) =>
  pdfFile(await buildCertificate({ ...certificateData(events), locale }, await certificateTranslator(locale)));
const pages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('buildCertificate', () => {
  it('prints the document, both hashes, every recipient and the validator link, on A4 pages qpdf finds sound', async () => {
    const data = certificateData();
    const file = await build('en');
    const text = oneLine(pdfText(file));
    for (const expected of [
      'Certificate of completion',
      data.document.name,
      data.document.id,
      data.document.originalSha256,
      data.document.flattenedSha256,
      'Řehoř Šťastný',
      'Electronic identity (eID) (2026-11-25 09:04:07 UTC)',
      'Řehoř Šťastný · CZ/1234567890',
      '203.0.113.7',
      'Drawn by hand (214 biometric samples)',
      'José Muñoz',
      'One-time code sent by email',
      'Typed name; Initials: Typed name',
      'No signature asked for',
      'https://signet.example.com/validator',
    ])
      expect(text).toContain(expected);
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
  });

  it.each([
    ['pt', 'Certificado de conclusão', 'Desenhada à mão (214 amostras biométricas)'],
    ['cs', 'Osvědčení o dokončení', 'Nakresleno rukou (214 biometrických vzorků)'],
    ['es', 'Certificado de finalización', 'Dibujada a mano (214 muestras biométricas)'],
  ] as const)('is written in the owner’s language: %s', async (locale, title, method) => {
    const text = oneLine(pdfText(await build(locale)));
    expect(text).toContain(title);
    expect(text).toContain(method);
  });

  it('continues a long audit trail on further pages, column heads repeated, every event and hash printed once', async () => {
    const data = certificateData(70);
    const file = await build('en', 70);
    expect(pages(file)).toBeGreaterThanOrEqual(3);
    const last = pdfText(file, pages(file));
    expect(last).toContain('Time (UTC)');
    expect(last).toContain(`Newest hash of the chain: ${data.auditHead}`);
    const text = pdfText(file);
    for (const event of data.events) expect(text.split(`SHA-256 ${event.hash}`).length - 1).toBe(1);
    for (let page = 1; page <= pages(file); page++)
      expect(pdfText(file, page)).toContain(`Page ${page} of ${pages(file)}`);
  });

  it('sums up a signer who initialled every page: one method line with the count, each look drawn once, at most three', async () => {
    const data = certificateData();
    const [first, second] = data.recipients as [TCertificateRecipient, TCertificateRecipient];
    const drawn = first.signatures[0]!;
    const typedInitials = second.signatures[1]!;
    first.signatures = [
      drawn,
      ...Array.from({ length: 5 }, (_, index) => ({
        ...drawn,
        fieldType: 'initials' as const,
        samples: 10,
        appearance: { ...drawn.appearance, path: `${(drawn.appearance as { path: string }).path} M ${index} 0 Z` },
      })),
    ];
    second.signatures = [second.signatures[0]!, ...Array.from({ length: 30 }, () => typedInitials)];
    const file = pdfFile(await buildCertificate(data, await certificateTranslator('en')));
    const text = oneLine(pdfText(file));
    expect(text).toContain(
      'Drawn by hand (214 biometric samples); Initials (×5): Drawn by hand (50 biometric samples)',
    );
    expect(text).toContain('Typed name; Initials (×30): Typed name');
    expect(text).toContain('3 more in the document');
    expect(pages(file)).toBeLessThanOrEqual(3);
  });

  it('draws a QR code of the validator link as vector modules a scanner would read', async () => {
    const file = await build('en');
    const { modules } = QRCode.create('https://signet.example.com/validator', { errorCorrectionLevel: 'M' });
    const png = PNG.sync.read(
      execFileSync('pdftoppm', ['-png', '-r', '288', '-f', '1', '-l', '1', '-singlefile', file]),
    );
    const scale = 4; // 288 dpi: four pixels a point
    const [left, top, size] = [595.28 - 48 - 84, 48, 84];
    const cell = size / modules.size;
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        const x = Math.round((left + (column + 0.5) * cell) * scale);
        const y = Math.round((top + (row + 0.5) * cell) * scale);
        const dark = png.data[(y * png.width + x) * 4]! < 128;
        expect(dark, `module ${row},${column}`).toBe(modules.data[row * modules.size + column] === 1);
      }
    }
  });

  it('gives the same bytes for the same data (a retried finalize writes the same file)', async () => {
    const t = await certificateTranslator('en');
    const [a, b] = [await buildCertificate(certificateData(), t), await buildCertificate(certificateData(), t)];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
