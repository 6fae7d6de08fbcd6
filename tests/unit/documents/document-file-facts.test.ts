import { describe, expect, it } from 'vitest';
import { documentFileFacts, eventData } from '@/lib/server/documents/document-file-facts';

const uploaded = { name: 'Offer', fileName: 'Offer.docx', size: 78_000, pageCount: 1, convertedFrom: 'docx' };

describe('"Document details": the file it describes', () => {
  it("before sealing: the upload's pages and size", () => {
    expect(documentFileFacts({ pageCount: 1, sealed: false }, { size: 78_000 }, null)).toEqual({
      file: 'original',
      pages: 1,
      size: 78_000,
      original: null,
      convertedFrom: null,
    });
  });

  it("once sealed: the sealed file's pages and size, the original's kept beside them", () => {
    expect(documentFileFacts({ pageCount: 1, sealed: true }, uploaded, { size: 240_000, pageCount: 3 })).toEqual({
      file: 'sealed',
      pages: 3,
      size: 240_000,
      original: { pages: 1, size: 78_000 },
      convertedFrom: 'Offer.docx',
    });
  });

  it("a document sealed before its page count was recorded: the pages are not known, never the original's", () => {
    expect(documentFileFacts({ pageCount: 1, sealed: true }, uploaded, { size: 240_000 })).toMatchObject({
      file: 'sealed',
      pages: null,
      size: 240_000,
    });
  });

  it('reads event data stored as JSON text, and nothing from junk', () => {
    expect(eventData('{"size":5}')).toEqual({ size: 5 });
    expect(eventData('not json')).toEqual({});
    expect(eventData(null)).toEqual({});
    expect(documentFileFacts({ pageCount: 0, sealed: false }, eventData('[1]'), null)).toMatchObject({
      pages: null,
      size: null,
    });
  });
});
