import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedNotoSans } from '@/lib/server/pdf/noto-sans';
import { inkAround, pdfFile, pdfText, renderPage } from '../../fixtures/pdf-judges';

async function written(text: string, boxes = false) {
  const doc = await PDFDocument.create();
  const font = await embedNotoSans(doc, 'regular');
  const page = doc.addPage([300, 100]);
  Array.from(text).forEach((letter, index) => page.drawText(letter, { x: 10 + index * 30, y: 50, size: 20, font }));
  const file = pdfFile(await doc.save());
  return { text: pdfText(file).replace(/\s+/g, ''), render: boxes ? renderPage(file, 1) : null };
}

describe('embedNotoSans (one parsed font shared by every document)', () => {
  it('a document written after another keeps letters that were parts of the other’s composite glyphs (c of ç, r of ř, s of š)', async () => {
    await written('çřš');
    const after = await written('crs', true);
    expect(after.text).toBe('crs');
    // Each letter's own ink where it was drawn: 30 points apart, from x = 10, baseline 50 (from the bottom of a 100-point page).
    [0, 1, 2].forEach((index) =>
      expect(inkAround(after.render!, { x: 10 + index * 30, y: 30, width: 20, height: 22 }).inside).toBeGreaterThan(3),
    );
  });

  it('a string laid out for an earlier document is written whole again (layouts are kept per font), around composite glyphs too', async () => {
    await written('crs');
    await written('çřš');
    const again = await written('crs', true);
    expect(again.text).toBe('crs');
    [0, 1, 2].forEach((index) =>
      expect(inkAround(again.render!, { x: 10 + index * 30, y: 30, width: 20, height: 22 }).inside).toBeGreaterThan(3),
    );
    expect((await written('çřš')).text).toBe('çřš');
  });

  it('documents built at the same time each get their own subset', async () => {
    const results = await Promise.all(['Řehoř', 'São João', 'Muñoz ¿¡'].map((text) => written(text)));
    expect(results.map((result) => result.text)).toEqual(['Řehoř', 'SãoJoão', 'Muñoz¿¡']);
  });
});
