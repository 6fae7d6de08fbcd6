import { describe, expect, it } from 'vitest';
import { pdfFileName, sealedFileName } from '@/lib/server/documents/download-document';

describe('download file names', () => {
  it.each([
    ['Contract.pdf', 'Contract.pdf', 'Contract-sealed.pdf'],
    // Named before conversions dropped the office extension.
    ['Offer.docx', 'Offer.pdf', 'Offer-sealed.pdf'],
    // A converted document's name has no extension: its dots are part of the name.
    ['Report v1.2', 'Report v1.2.pdf', 'Report v1.2-sealed.pdf'],
    ['letter', 'letter.pdf', 'letter-sealed.pdf'],
  ])('%j → %j, sealed %j', (name, pdf, sealed) => {
    expect(pdfFileName(name)).toBe(pdf);
    expect(sealedFileName(name)).toBe(sealed);
  });
});
