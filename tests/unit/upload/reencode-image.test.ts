import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { reencodeImage } from '@/lib/server/images/reencode-image';
import {
  APPENDED_PAGE,
  GPS_MARKER,
  makeJpeg,
  makePng,
  pngClaiming,
  withAppendedPage,
  withExif,
} from '@/tests/fixtures/attachment-files';

const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');
const EOI = Buffer.from([0xff, 0xd9]);
const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

describe('reencodeImage: only pixels we wrote come out', () => {
  it('drops a page appended to a PNG: the result ends at its IEND and shows the same pixels', () => {
    const original = makePng(6, 4, [10, 200, 30, 255]);
    const out = reencodeImage(withAppendedPage(original), 'png');
    expect(has(out.bytes, '<script')).toBe(false);
    expect(Buffer.from(out.bytes).subarray(-PNG_END.length)).toEqual(PNG_END);
    const pixels = PNG.sync.read(Buffer.from(out.bytes));
    expect([pixels.width, pixels.height]).toEqual([6, 4]);
    expect([...pixels.data.subarray(0, 4)]).toEqual([10, 200, 30, 255]);
  });

  it("drops a JPEG's EXIF (GPS included) and anything after its end, applying the EXIF rotation to the pixels", () => {
    // 32 × 16, left half red, right half blue; EXIF orientation 6: shown turned a quarter clockwise (16 × 32, red on top).
    const hostile = withAppendedPage(withExif(makeJpeg(32, 16), 6));
    expect(has(hostile, GPS_MARKER)).toBe(true);
    const out = reencodeImage(hostile, 'jpg');
    for (const text of [GPS_MARKER, 'Exif', '<script', APPENDED_PAGE.slice(0, 20)])
      expect(has(out.bytes, text), text).toBe(false);
    expect(Buffer.from(out.bytes).subarray(-2)).toEqual(EOI);
    // No APP1 segment (EXIF, XMP) at all.
    expect(Buffer.from(out.bytes).includes(Buffer.from([0xff, 0xe1]))).toBe(false);
    expect([out.width, out.height]).toEqual([16, 32]);
    const decoded = jpeg.decode(Buffer.from(out.bytes), { useTArray: true, formatAsRGBA: true });
    const at = (x: number, y: number) => [
      ...decoded.data.subarray((y * decoded.width + x) * 4, (y * decoded.width + x) * 4 + 3),
    ];
    const [topR, , topB] = at(8, 4);
    const [bottomR, , bottomB] = at(8, 28);
    expect(topR).toBeGreaterThan(150);
    expect(topB).toBeLessThan(100);
    expect(bottomB).toBeGreaterThan(150);
    expect(bottomR).toBeLessThan(100);
  });

  it('refuses a picture whose header claims more pixels than allowed, before decoding it', () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    expect(() => reencodeImage(bomb, 'png')).toThrow(
      expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', detail: expect.stringMatching(/50000 × 50000 pixels/) }),
    );
    expect(() => reencodeImage(makePng(20, 20), 'png', 100)).toThrow(
      expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }),
    );
  });

  it('refuses damaged images and a type that does not match', () => {
    const png = makePng(8, 8);
    expect(() => reencodeImage(png.subarray(0, png.length - 30), 'png')).toThrow(
      expect.objectContaining({ code: 'CORRUPT_FILE' }),
    );
    expect(() => reencodeImage(png, 'jpg')).toThrow(expect.objectContaining({ code: 'CORRUPT_FILE' }));
    expect(() => reencodeImage(Buffer.from('not an image at all'), 'png')).toThrow(
      expect.objectContaining({ code: 'CORRUPT_FILE' }),
    );
  });
});
