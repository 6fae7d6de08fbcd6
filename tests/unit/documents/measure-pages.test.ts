import { PDFDocument, PDFName, PDFNumber, degrees } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { measurePages } from '@/lib/server/documents/read-page-sizes';

describe('measurePages', () => {
  it('measures each page as pdf.js displays it: crop box clipped to the media box, sides swapped at 90 and 270, other angles ignored', async () => {
    const document = await PDFDocument.create();
    document.addPage([612, 792]);
    const cropped = document.addPage([612, 792]);
    cropped.setCropBox(-50, -50, 350, 450); // reaches past the media box's lower-left corner
    document.addPage([842, 595]).setRotation(degrees(270));
    document.addPage([400, 300]).node.set(PDFName.of('Rotate'), PDFNumber.of(45)); // pdf-lib refuses to write it; real files have it
    const sizes = await measurePages(await document.save());
    expect(sizes).toEqual([
      { width: 612, height: 792 },
      { width: 300, height: 400 },
      { width: 595, height: 842 },
      { width: 400, height: 300 },
    ]);
  });
});
