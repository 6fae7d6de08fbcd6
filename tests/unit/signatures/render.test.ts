import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32 } from 'node:zlib';
import path from 'node:path';
import * as jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ZSignatureBody, type TDrawnSignature } from '@/lib/api/v1/signature-body';
import { drawSignatureAppearance } from '@/lib/server/pdf/draw-signature-appearance';
import { normalizeSignatureImage } from '@/lib/server/signatures/normalize-signature-image';
import { renderDrawn } from '@/lib/server/signatures/render-drawn';
import { renderTyped } from '@/lib/server/signatures/render-typed';
import { appearanceDataUrl } from '@/lib/signatures/appearance';
import { strokesToPath } from '@/lib/signatures/stroke-outline';

/** A wavy pen stroke across the pad with pressure rising and falling. */
function penStroke(offsetY: number, pressure: (i: number) => number | undefined) {
  return Array.from({ length: 60 }, (_, i) => ({
    x: 20 + i * 8,
    y: offsetY + Math.sin(i / 5) * 30,
    t: i * 8,
    pressure: pressure(i),
    pointerType: 'pen' as const,
  }));
}

const drawn = (strokes: TDrawnSignature['strokes']): TDrawnSignature =>
  ZSignatureBody.parse({ kind: 'drawn', strokes, width: 600, height: 200 }) as TDrawnSignature;

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(0);
  for (let i = 3; i < image.data.length; i += 8) image.data[i] = 255;
  return PNG.sync.write(image);
}

/** A PNG with a text chunk (metadata such as an author or a location) before IEND. */
function withTextChunk(bytes: Buffer, text: string): Buffer {
  const body = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`Comment\0${text}`, 'latin1')]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  return Buffer.concat([bytes.subarray(0, bytes.length - 12), chunk, bytes.subarray(bytes.length - 12)]);
}

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const image = (url: string) => ({ kind: 'image' as const, image: url });

describe('drawn signatures', () => {
  it('are the outline the pad fills, cropped to the ink', () => {
    const body = drawn([penStroke(100, (i) => 0.2 + (i % 20) / 40)]);
    const { appearance, shape } = renderDrawn(body);
    expect(appearance.path).toBe(strokesToPath(body.strokes, body.width).path);
    expect(appearance.path).toMatch(/^(?:[MQZ][-\d. ]*)+$/);
    expect(appearance.viewBox.x).toBeGreaterThan(0);
    expect(appearance.viewBox.width).toBeLessThan(600);
    expect(appearance.viewBox.height).toBeGreaterThan(55);
    // The shape keeps points and pressure, never the timing (the timing is biometric evidence).
    expect(shape.strokes[0]![0]).toEqual([20, 100, 0.2]);
    expect(JSON.stringify(shape)).not.toContain('"t"');
  });

  it('draw what the pen pressed: other pressures, another outline', () => {
    const light = renderDrawn(drawn([penStroke(100, (i) => 0.1 + (i % 3) / 100)])).appearance.path;
    const heavy = renderDrawn(drawn([penStroke(100, (i) => 0.9 + (i % 3) / 100)])).appearance.path;
    expect(light).not.toBe(heavy);
  });

  it('draw a mouse signature (no pressure) and a single tap', () => {
    const mouse = renderDrawn(drawn([penStroke(100, () => undefined), [{ x: 300, y: 150, t: 700 }]]));
    expect(mouse.appearance.path.match(/M/g)!.length).toBe(2);
  });
});

describe('typed signatures', () => {
  it('are glyph outlines in the chosen font', async () => {
    const dancing = await renderTyped({ kind: 'typed', text: 'Jiří Nováček', font: 'dancing-script' });
    const vibes = await renderTyped({ kind: 'typed', text: 'Jiří Nováček', font: 'great-vibes' });
    expect(dancing.font).toBe('dancing-script');
    expect(dancing.appearance.path).toMatch(/^(?:[MLQCZ][-\d. ]*)+$/);
    expect(dancing.appearance.path).not.toBe(vibes.appearance.path);
    expect(dancing.appearance.viewBox.width).toBeGreaterThan(300);
  });

  it('use the first font when none is named', async () => {
    expect((await renderTyped({ kind: 'typed', text: 'Ñúñez' })).font).toBe('dancing-script');
  });

  it('refuse letters the font cannot write', async () => {
    await expect(renderTyped({ kind: 'typed', text: '王小明' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('image signatures', () => {
  it('are re-encoded PNGs without their metadata', async () => {
    const bytes = withTextChunk(png(120, 40), 'hidden location 50.08N 14.42E');
    expect(PNG.sync.read(bytes).width).toBe(120);
    const result = await normalizeSignatureImage(image(dataUrl('image/png', bytes)));
    expect(result).toMatchObject({ mime: 'image/png', width: 120, height: 40 });
    const out = Buffer.from(result.base64, 'base64');
    expect(out.includes(Buffer.from('hidden'))).toBe(false);
    expect(PNG.sync.read(out).data[3]).toBe(255);
  });

  it('are re-encoded JPEGs', async () => {
    const raw = { data: Buffer.alloc(64 * 32 * 4, 200), width: 64, height: 32 };
    const bytes = Buffer.from(jpeg.encode(raw, 80).data);
    const result = await normalizeSignatureImage(image(dataUrl('image/jpeg', bytes)));
    expect(result).toMatchObject({ mime: 'image/jpeg', width: 64, height: 32 });
  });

  it.each([
    ['a GIF named PNG', dataUrl('image/png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')), 'FILE_TYPE_MISMATCH'],
    ['a PNG named JPEG', dataUrl('image/jpeg', png(20, 20)), 'FILE_TYPE_MISMATCH'],
    ['too small', dataUrl('image/png', png(4, 4)), 'INVALID_INPUT'],
    ['too wide', dataUrl('image/png', png(2001, 8)), 'INVALID_INPUT'],
    [
      'data after the image',
      dataUrl('image/png', Buffer.concat([png(40, 40), Buffer.from('<?php x ?>')])),
      'CORRUPT_FILE',
    ],
    ['empty', 'data:image/png;base64,', 'EMPTY_FILE'],
    [
      'over 1 MiB',
      dataUrl('image/png', Buffer.concat([png(40, 40), Buffer.alloc(1024 * 1024, 1)])),
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'damaged',
      dataUrl('image/png', Buffer.concat([png(40, 40).subarray(0, 40), Buffer.alloc(60, 7)])),
      'CORRUPT_FILE',
    ],
  ])('refuse %s', async (_name, url, code) => {
    await expect(normalizeSignatureImage(image(url))).rejects.toMatchObject({ code });
  });

  it('refuse more than the size limit at the schema', () => {
    const large = dataUrl('image/png', Buffer.alloc(3.5 * 1024 * 1024, 1));
    expect(ZSignatureBody.safeParse(image(large)).success).toBe(false);
  });
});

/** The first page rendered by poppler at 72 dpi (one pixel a point), in grey. */
function renderPage(pdf: Uint8Array): PNG {
  const dir = mkdtempSync(path.join(tmpdir(), 'sig-'));
  writeFileSync(path.join(dir, 'out.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '72', '-gray', '-png', path.join(dir, 'out.pdf'), path.join(dir, 'page')]);
  return PNG.sync.read(readFileSync(path.join(dir, 'page-1.png')));
}

function inkBounds(pixels: PNG) {
  const box = { count: 0, minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (let y = 0; y < pixels.height; y++)
    for (let x = 0; x < pixels.width; x++) {
      if (pixels.data[(y * pixels.width + x) * 4]! >= 128) continue;
      box.count++;
      box.minX = Math.min(box.minX, x);
      box.maxX = Math.max(box.maxX, x);
      box.minY = Math.min(box.minY, y);
      box.maxY = Math.max(box.maxY, y);
    }
  return box;
}

describe('the seal draws appearances', () => {
  it('puts a vector signature inside its box on the page', async () => {
    const { appearance } = renderDrawn(drawn([penStroke(100, (i) => 0.3 + (i % 10) / 20)]));
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    await drawSignatureAppearance(doc, page, appearance, { x: 50, y: 50, width: 180, height: 50 });
    const typed = await renderTyped({ kind: 'typed', text: 'Ana Gonçalves' });
    await drawSignatureAppearance(doc, page, typed.appearance, { x: 50, y: 120, width: 180, height: 50 });
    const dir = mkdtempSync(path.join(tmpdir(), 'sig-'));
    writeFileSync(path.join(dir, 'out.pdf'), await doc.save());
    // Rendered by poppler: ink appears inside the two boxes and nowhere else.
    execFileSync('pdftoppm', ['-r', '72', '-gray', '-png', path.join(dir, 'out.pdf'), path.join(dir, 'page')]);
    const pixels = PNG.sync.read(readFileSync(path.join(dir, 'page-1.png')));
    const dark = (x: number, y: number) => pixels.data[(y * pixels.width + x) * 4]! < 128;
    let inside = 0;
    let outside = 0;
    for (let y = 0; y < 200; y++)
      for (let x = 0; x < 300; x++) {
        if (!dark(x, y)) continue;
        const inBox = x >= 49 && x <= 231 && ((y >= 99 && y <= 151) || (y >= 29 && y <= 81));
        if (inBox) inside++;
        else outside++;
      }
    expect(inside).toBeGreaterThan(200);
    expect(outside).toBe(0);
  });

  it('embeds an image signature scaled into its box', async () => {
    const solid = new PNG({ width: 200, height: 50 });
    for (let i = 3; i < solid.data.length; i += 4) solid.data[i] = 255; // opaque black
    const appearance = await normalizeSignatureImage(image(dataUrl('image/png', PNG.sync.write(solid))));
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    await drawSignatureAppearance(doc, page, appearance, { x: 10, y: 10, width: 100, height: 100 });
    // Fitted: 100 wide, 25 high (4:1 kept), centred in the 100 × 100 box: rows 127.5–152.5 from the top.
    const pixels = renderPage(await doc.save());
    const dark = inkBounds(pixels);
    expect(dark.count).toBeGreaterThan(500);
    expect(dark.minX).toBeGreaterThanOrEqual(9);
    expect(dark.maxX).toBeLessThanOrEqual(111);
    expect(dark.minY).toBeGreaterThanOrEqual(126);
    expect(dark.maxY).toBeLessThanOrEqual(154);
  });

  it('shows as an SVG data URL', () => {
    const { appearance } = renderDrawn(drawn([penStroke(100, () => 0.5)]));
    const svg = atob(appearanceDataUrl(appearance).split(',')[1]!);
    expect(svg).toContain(`d="${appearance.path}"`);
  });
});
