import { PDFDocument, concatTransformationMatrix } from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { flattenPdf } from '@/lib/server/pdf/flatten/flatten-pdf';
import type { TFlattenField } from '@/lib/server/pdf/flatten/types';
import { inkAround, pdfFile, pdfText, pdfWords, qpdfCheck, renderPage } from '../../fixtures/pdf-judges';

const NAMES = 'Řehoř Šťastný, São João, Muñoz';
const DATE = new Date('2026-11-25T10:00:00Z');

/** A portrait page shown at each rotation: displayed sizes swap at 90 and 270. */
async function rotatedPdf(rotations: number[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const angle of rotations) doc.addPage([400, 600]).setRotation({ type: 'degrees', angle } as never);
  return doc.save();
}

const field = (
  page: number,
  type: TFlattenField['type'],
  value: string | null,
  rect = { x: 40, y: 60, width: 260, height: 24 },
  extra: Partial<TFlattenField> = {},
): TFlattenField => ({
  id: `f-${page}-${type}`,
  type,
  page,
  ...rect,
  value,
  ...extra,
});

async function flattened(bytes: Uint8Array, fields: TFlattenField[]) {
  return pdfFile(
    await (await flattenPdf(bytes, { fields, attachments: [], date: DATE })).save({ useObjectStreams: false }),
  );
}

describe('flattenPdf', () => {
  it('writes Portuguese, Czech and Spanish letters in an embedded subset font that text extraction reads back exactly', async () => {
    const file = await flattened(await rotatedPdf([0]), [field(1, 'text', `${NAMES} ¿¡ ã õ ç ř ů ě š ž ñ á`)]);
    expect(pdfText(file)).toContain(NAMES);
    expect(pdfText(file)).toContain('ã õ ç ř ů ě š ž ñ á');
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
  });

  it('renders every glyph of the subset (not only its text layer): each letter alone in its box leaves ink', async () => {
    const letters = Array.from('AZaz09ãõçřůěšžñá¿¡ŘŠŤÑÇÃ€@');
    const boxes = letters.map((_, index) => ({
      x: 20 + (index % 10) * 36,
      y: 40 + Math.floor(index / 10) * 40,
      width: 30,
      height: 30,
    }));
    const doc = await flattenPdf(await rotatedPdf([0]), {
      fields: letters.map((letter, index) => ({ ...field(1, 'text', letter, boxes[index]), id: `l${index}` })),
      attachments: [],
      date: DATE,
    });
    // Saved twice, as buildSealablePdf does (the hash of the first save, then the file with the certificate): both render.
    for (const bytes of [await doc.save(), await doc.save()]) {
      const render = renderPage(pdfFile(bytes), 1);
      letters.forEach((letter, index) => expect(inkAround(render, boxes[index]!).inside, letter).toBeGreaterThan(3));
    }
  });

  it.each([0, 90, 180, 270])('places text upright at its displayed place on a page rotated %i°', async (angle) => {
    const rect = { x: 50, y: 80, width: 250, height: 24 };
    const file = await flattened(await rotatedPdf([angle]), [field(1, 'name', 'Zoë Muñoz', rect)]);
    const words = pdfWords(file).filter((word) => word.page === 1);
    expect(words.map((word) => word.text)).toEqual(['Zoë', 'Muñoz']);
    for (const word of words) {
      expect(word.xMin).toBeGreaterThanOrEqual(rect.x);
      expect(word.xMax).toBeLessThanOrEqual(rect.x + rect.width);
      expect(word.yMin).toBeGreaterThanOrEqual(rect.y - 1);
      expect(word.yMax).toBeLessThanOrEqual(rect.y + rect.height + 1);
    }
    // Upright: left to right on one line, as the reader sees the page.
    expect(words[0]!.xMax).toBeLessThan(words[1]!.xMin);
    expect(Math.abs(words[0]!.yMin - words[1]!.yMin)).toBeLessThan(0.5);
  });

  it.each([0, 90, 180, 270])(
    'draws a signature, a tick and an image inside their boxes on a page rotated %i°',
    async (angle) => {
      const signature = { x: 30, y: 40, width: 120, height: 40 };
      const tick = { x: 200, y: 200, width: 16, height: 16 };
      const image = { x: 60, y: 300, width: 80, height: 40 };
      const png = new PNG({ width: 4, height: 2 });
      png.data.fill(0);
      for (let index = 3; index < png.data.length; index += 4) png.data[index] = 255;
      const fields = [
        field(1, 'signature', 'x', signature, {
          appearance: {
            type: 'vector',
            viewBox: { x: 0, y: 0, width: 300, height: 100 },
            path: 'M 0 0 L 300 0 L 300 100 L 0 100 Z',
          },
        }),
        field(1, 'checkbox', 'true', tick),
        field(1, 'initials', 'x', image, {
          appearance: {
            type: 'image',
            mime: 'image/png',
            width: 4,
            height: 2,
            base64: PNG.sync.write(png).toString('base64'),
          },
        }),
      ];
      const file = await flattened(await rotatedPdf([angle]), fields);
      const render = renderPage(file, 1);
      expect([render.width, render.height]).toEqual(angle % 180 ? [600, 400] : [400, 600]);
      for (const rect of [signature, tick, image]) {
        const ink = inkAround(render, rect);
        expect(ink.inside, JSON.stringify(rect)).toBeGreaterThan(rect === tick ? 10 : rect.width * rect.height * 0.5);
      }
      const all = inkAround(render, { x: 0, y: 0, width: 0, height: 0 }).outside;
      const inBoxes = [signature, tick, image].reduce((sum, rect) => sum + inkAround(render, rect).inside, 0);
      expect(all).toBe(inBoxes);
    },
  );

  it('measures from the visible (crop) box, as the viewer showed the page', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 600]);
    page.setCropBox(50, 100, 300, 400);
    const rect = { x: 20, y: 30, width: 100, height: 40 };
    const appearance = {
      type: 'vector' as const,
      viewBox: { x: 0, y: 0, width: 100, height: 40 },
      path: 'M 0 0 L 100 0 L 100 40 L 0 40 Z',
    };
    const file = await flattened(await doc.save(), [field(1, 'signature', 'x', rect, { appearance })]);
    const render = renderPage(file, 1);
    expect([render.width, render.height]).toEqual([300, 400]);
    const ink = inkAround(render, rect);
    expect(ink.inside).toBeGreaterThan(rect.width * rect.height * 0.9);
    expect(ink.outside).toBe(0);
  });

  it('fits long text to its box by shrinking, never past its edges', async () => {
    const rect = { x: 40, y: 100, width: 120, height: 20 };
    const long = 'Sociedade Anónima de Construções São João do Estoril, Lda.';
    const file = await flattened(await rotatedPdf([0]), [field(1, 'text', long, rect)]);
    const words = pdfWords(file);
    expect(words.map((word) => word.text).join(' ')).toBe(long);
    for (const word of words) {
      expect(word.xMin).toBeGreaterThanOrEqual(rect.x);
      expect(word.xMax).toBeLessThanOrEqual(rect.x + rect.width + 0.5);
      expect(word.yMax).toBeLessThanOrEqual(rect.y + rect.height + 1);
    }
  });

  it('keeps a text value’s own line breaks, lines top to bottom inside the box', async () => {
    const rect = { x: 40, y: 100, width: 200, height: 60 };
    const file = await flattened(await rotatedPdf([0]), [field(1, 'text', 'Rua Augusta 12\n1100-053 Lisboa', rect)]);
    const words = pdfWords(file);
    const [street, city] = [
      words.find((word) => word.text === 'Augusta')!,
      words.find((word) => word.text === 'Lisboa')!,
    ];
    expect(city.yMin - street.yMin).toBeGreaterThan(10);
    for (const word of words) {
      expect(word.yMin).toBeGreaterThanOrEqual(rect.y);
      expect(word.yMax).toBeLessThanOrEqual(rect.y + rect.height);
    }
  });

  it('shows a radio or dropdown choice, a date as stored, a number; an unticked checkbox and empty fields draw nothing', async () => {
    const at = (y: number) => ({ x: 40, y, width: 200, height: 20 });
    const file = await flattened(await rotatedPdf([0]), [
      field(1, 'radio', 'Opção B', at(40)),
      field(1, 'dropdown', 'Praha', at(80)),
      field(1, 'date', '25. listopadu 2026', at(120)),
      field(1, 'number', '-12.50', at(160)),
      field(1, 'checkbox', 'false', { x: 40, y: 200, width: 16, height: 16 }),
      field(1, 'email', null, at(240)),
    ]);
    const text = pdfText(file);
    for (const value of ['Opção B', 'Praha', '25. listopadu 2026', '-12.50']) expect(text).toContain(value);
    const ink = inkAround(renderPage(file, 1), { x: 40, y: 200, width: 16, height: 16 });
    expect(ink.inside).toBe(0);
  });

  it('keeps the original content in place when its content stream leaves the transformation changed', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 600]);
    // A stream that scales everything after it by 3 and never restores it.
    page.pushOperators(concatTransformationMatrix(3, 0, 0, 3, 0, 0));
    const file = await flattened(await doc.save(), [
      field(1, 'text', 'Placed', { x: 50, y: 50, width: 100, height: 20 }),
    ]);
    const [word] = pdfWords(file);
    expect(word!.xMin).toBeGreaterThanOrEqual(50);
    expect(word!.xMax).toBeLessThanOrEqual(150);
  });
});
