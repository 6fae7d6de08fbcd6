import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findXrefDamage } from '@/lib/server/pdf/pdf-xref-check';

/** A file whose only cross-reference section is an xref stream with this dictionary and data. */
function xrefStreamPdf(dict: string, data: Buffer, afterKeyword = '\n'): Buffer {
  const head = Buffer.from('%PDF-1.7\n', 'latin1');
  const object = Buffer.concat([
    Buffer.from(`1 0 obj\n<< /Type /XRef ${dict} /Length ${data.length} >>\nstream${afterKeyword}`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  return Buffer.concat([head, object, Buffer.from(`startxref\n${head.length}\n%%EOF\n`, 'latin1')]);
}

// The check runs before pdf-lib and before the inflate guard: a table it cannot read is damage (the file
// then goes to the repair), never an unbounded inflate or an exception that would answer 500.
describe('findXrefDamage on hostile xref streams', () => {
  it('does not inflate an xref stream past the rows its dictionary declares (a bomb behind "stream ")', () => {
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024));
    const reasons = findXrefDamage(xrefStreamPdf('/Size 3 /W [1 4 2] /Filter /FlateDecode', bomb, ' '));
    expect(reasons).toEqual([expect.stringMatching(/no cross-reference section/)]);
  });

  it('reads field widths it cannot hold as damage, not as a RangeError', () => {
    const data = Buffer.alloc(3 * 10);
    expect(() => findXrefDamage(xrefStreamPdf('/Size 3 /W [1 7 2]', data))).not.toThrow();
    expect(findXrefDamage(xrefStreamPdf('/Size 3 /W [1 7 2]', data))).toEqual([
      expect.stringMatching(/no cross-reference section/),
    ]);
  });

  it('refuses a zero-width row with a huge /Index at once instead of looping', () => {
    const reasons = findXrefDamage(xrefStreamPdf('/Size 3 /W [0 0 0] /Index [0 4000000000]', Buffer.alloc(4)));
    expect(reasons).toEqual([expect.stringMatching(/no cross-reference section/)]);
  });
});
