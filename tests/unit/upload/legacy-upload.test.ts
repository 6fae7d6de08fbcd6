import { describe, expect, it } from 'vitest';
import {
  assertLegacyOwner,
  dataUrlSizeHint,
  decodeDataUrl,
  legacyBodyLimit,
  legacyFileName,
  legacyUploadResult,
  ZLegacyUploadForm,
} from '@/lib/upload/legacy-upload';

async function collect(data: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of data) parts.push(part);
  return Buffer.concat(parts);
}

const valid = {
  docData: `data:application/pdf;base64,${Buffer.from('%PDF-1.7').toString('base64')}`,
  docOwner: 'ana@example.com',
  documentName: 'offer.pdf',
  docExtension: 'pdf',
  applicationMode: 'EDIT',
};

describe('the legacy upload form (POST /REST/uploadDocument)', () => {
  it('parses the five fields of a form-urlencoded body', () => {
    const body = new URLSearchParams(valid).toString();
    const form = ZLegacyUploadForm.parse(Object.fromEntries(new URLSearchParams(body)));
    expect(form).toEqual(valid);
  });

  it.each([
    ['docData', 'not a data url'],
    ['docData', 'data:application/pdf,plain'],
    ['docOwner', 'nobody'],
    ['documentName', ' '],
    ['applicationMode', 'SIGN'],
  ])('names %s when it is %j', (field, value) => {
    const result = ZLegacyUploadForm.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('takes the claimed name from documentName and docExtension', () => {
    expect(legacyFileName({ documentName: 'offer.pdf', docExtension: 'pdf' })).toBe('offer.pdf');
    expect(legacyFileName({ documentName: 'Offer.PDF', docExtension: 'pdf' })).toBe('Offer.PDF');
    expect(legacyFileName({ documentName: 'offer', docExtension: 'docx' })).toBe('offer.docx');
    expect(legacyFileName({ documentName: 'offer', docExtension: '' })).toBe('offer');
    expect(() => legacyFileName({ documentName: 'offer.pdf', docExtension: 'exe' })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
  });

  it('allows only the caller as docOwner', () => {
    expect(() => assertLegacyOwner({ docOwner: 'Ana@Example.com' }, 'ana@example.com')).not.toThrow();
    expect(() => assertLegacyOwner({ docOwner: 'eve@example.com' }, 'ana@example.com')).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });

  it('decodes docData in slices, including when + arrived as a space', async () => {
    const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256));
    const base64 = bytes.toString('base64');
    expect(base64).toContain('+');
    expect((await collect(decodeDataUrl(`data:application/pdf;base64,${base64}`))).equals(bytes)).toBe(true);
    expect((await collect(decodeDataUrl(`data:;base64,${base64.replace(/\+/g, ' ')}`))).equals(bytes)).toBe(true);
    expect((await collect(decodeDataUrl('data:application/pdf;base64,'))).length).toBe(0);
    // The size hint the receive buffer is allocated from covers the decoded bytes.
    expect(dataUrlSizeHint(`data:application/pdf;base64,${base64}`)).toBeGreaterThanOrEqual(bytes.length);
    expect(dataUrlSizeHint(`data:application/pdf;base64,${base64}`)).toBeLessThanOrEqual(bytes.length + 2);
  });

  it('refuses docData that is not base64', async () => {
    await expect(collect(decodeDataUrl('data:application/pdf;base64,%%%%'))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(collect(decodeDataUrl('data:application/pdf;base64,QUJDR'))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });

  it('answers with uploadResult and document{doctoken, docname, docid}', () => {
    expect(legacyUploadResult({ token: 'tok', name: 'offer.pdf', id: 'c1' })).toEqual({
      uploadResult: 'OK',
      document: { doctoken: 'tok', docname: 'offer.pdf', docid: 'c1' },
    });
  });

  it('sizes the body limit above the base64 of the largest file', () => {
    const max = 25 * 1024 * 1024;
    expect(legacyBodyLimit(max)).toBeGreaterThan(Math.ceil(max / 3) * 4);
    expect(legacyBodyLimit(max)).toBeLessThan(max * 2);
  });
});
