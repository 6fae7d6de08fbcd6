import { describe, expect, it } from 'vitest';
import { attachmentFileName, MAX_STEM } from '@/lib/upload/attachment-name';

describe('attachmentFileName: a safe base name with the extension of the type found', () => {
  it('takes the extension from the detected type, not the name', () => {
    expect(attachmentFileName('Invoice.html', 'pdf')).toBe('Invoice.pdf');
    expect(attachmentFileName('photo.pdf', 'png')).toBe('photo.png');
    expect(attachmentFileName('Invoice.pdf.exe', 'pdf')).toBe('Invoice.pdf');
    expect(attachmentFileName('scan', 'jpg')).toBe('scan.jpg');
    expect(attachmentFileName('Mr. Smith', 'pdf')).toBe('Mr. Smith.pdf');
    // The signer's spelling of the right type stays, in lower case.
    expect(attachmentFileName('holiday.JPEG', 'jpg')).toBe('holiday.jpeg');
    expect(attachmentFileName('ID card.PDF', 'pdf')).toBe('ID card.pdf');
  });

  it('keeps no folders, control, bidi or other invisible characters, nor characters file systems refuse', () => {
    expect(attachmentFileName('C:\\scans\\..\\ID card.pdf', 'pdf')).toBe('ID card.pdf');
    expect(attachmentFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    // "Invoice‮fdp.exe" reads as "Invoiceexe.pdf" with the right-to-left override.
    expect(attachmentFileName('Invoice\u202efdp.exe', 'pdf')).toBe('Invoicefdp.pdf');
    expect(attachmentFileName('a\u0000b\u0007c\u200bd\u2066e\u2069\ufeff\r\n.pdf', 'pdf')).toBe('abcde.pdf');
    expect(attachmentFileName('what?<script>:"|*.pdf', 'pdf')).toBe('what__script_____.pdf');
    expect(attachmentFileName('no\u00a0break\u3000space.pdf', 'pdf')).toBe('no break space.pdf');
    expect(attachmentFileName('...hidden.pdf', 'pdf')).toBe('hidden.pdf');
    expect(attachmentFileName('CON.pdf', 'pdf')).toBe('_CON.pdf');
  });

  it('falls back to "attachment" when nothing is left, and bounds the length without splitting a character', () => {
    expect(attachmentFileName('', 'png')).toBe('attachment.png');
    expect(attachmentFileName('\u202e\u0000.pdf', 'pdf')).toBe('attachment.pdf');
    expect(attachmentFileName('/', 'pdf')).toBe('attachment.pdf');
    const long = attachmentFileName(`${'😀'.repeat(MAX_STEM + 50)}.pdf`, 'pdf');
    expect(Array.from(long)).toHaveLength(MAX_STEM + 4);
    // No lone surrogate: every code unit pairs up.
    expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(long)).toBe(false);
    expect(attachmentFileName('x'.repeat(5000), 'jpg')).toBe(`${'x'.repeat(MAX_STEM)}.jpg`);
  });

  it('is idempotent (finalize cleans stored names again)', () => {
    for (const [name, type] of [
      ['Invoice.html', 'pdf'],
      ['a\u202eb.PNG', 'png'],
      ['CON', 'jpg'],
      ['x.jpeg.jpeg', 'jpg'],
    ] as const) {
      const once = attachmentFileName(name, type);
      expect(attachmentFileName(once, type)).toBe(once);
    }
  });
});
