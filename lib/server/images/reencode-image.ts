import { imageSize } from 'image-size';
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError } from '@/lib/errors';

export type TImageType = 'png' | 'jpg';

/** A scan or a phone photo (12-24 MP) fits; decoding one takes ~4 bytes a pixel, several copies at once. */
export const MAX_IMAGE_PIXELS = 25_000_000;

export type TReencodedImage = { bytes: Uint8Array; width: number; height: number };

const JPEG_QUALITY = 90;

/**
 * Decodes the image and encodes its pixels again in the same format: what
 * comes out holds only pixels we wrote, not the file's metadata (EXIF with
 * the camera's GPS position, comments, ICC and XMP blocks) nor anything
 * hidden after the image's end (a ZIP or an HTML page appended to make a
 * polyglot). The size is read from the header first, and a picture of more
 * than `maxPixels` is refused before a byte is decoded: a small file must
 * not unpack into gigabytes. A JPEG's EXIF orientation is applied to the
 * pixels, since the tag that said "rotate me" is dropped with the rest.
 * Runs in a worker thread (lib/server/images/image-reencoder.ts).
 */
export function reencodeImage(input: Uint8Array, type: TImageType, maxPixels = MAX_IMAGE_PIXELS): TReencodedImage {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  let header: { width?: number; height?: number; orientation?: number; type?: string };
  try {
    header = imageSize(bytes);
  } catch (cause) {
    throw new AppError('CORRUPT_FILE', 'The image is damaged and cannot be read.', { cause });
  }
  const { width = 0, height = 0 } = header;
  if (header.type !== type) throw new AppError('CORRUPT_FILE', 'The image is damaged and cannot be read.');
  if (width < 1 || height < 1) throw new AppError('CORRUPT_FILE', 'The image has no pixels.');
  if (width * height > maxPixels) {
    const megapixels = (width * height) / 1_000_000;
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The image is ${width} × ${height} pixels (${megapixels.toFixed(1)} megapixels); attach one of at most ${maxPixels / 1_000_000} megapixels (scale it down or scan at a lower resolution).`,
    );
  }
  try {
    return type === 'png' ? reencodePng(bytes, maxPixels) : reencodeJpeg(bytes, header.orientation ?? 1, maxPixels);
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw new AppError('CORRUPT_FILE', 'The image is damaged and cannot be decoded.', { cause });
  }
}

/**
 * The PNG up to the end of its IEND chunk: what follows (an appended archive
 * or page) is no part of the image, and pngjs refuses a file with anything
 * after it. Walks the chunk headers only; a broken chain is left to pngjs.
 */
function pngProper(bytes: Buffer): Buffer {
  for (let at = 8; at + 12 <= bytes.length;) {
    const end = at + 12 + bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IEND')
      return end <= bytes.length ? bytes.subarray(0, end) : bytes;
    at = end;
  }
  return bytes;
}

function reencodePng(bytes: Buffer, maxPixels: number): TReencodedImage {
  const decoded = PNG.sync.read(pngProper(bytes));
  // The header said one size; the data must agree (image-size reads only the first IHDR).
  if (decoded.width * decoded.height > maxPixels)
    throw new AppError('CORRUPT_FILE', 'The image is damaged and cannot be decoded.');
  const png = new PNG({ width: decoded.width, height: decoded.height });
  decoded.data.copy(png.data);
  return { bytes: PNG.sync.write(png, { colorType: pngColorType(png.data) }), width: png.width, height: png.height };
}

/** The smallest colour type that holds the pixels as they are: grey or colour, with alpha only when some pixel is not opaque. */
function pngColorType(rgba: Buffer): 0 | 2 | 4 | 6 {
  let grey = true;
  let opaque = true;
  for (let at = 0; at < rgba.length && (grey || opaque); at += 4) {
    if (grey && (rgba[at] !== rgba[at + 1] || rgba[at] !== rgba[at + 2])) grey = false;
    if (opaque && rgba[at + 3] !== 255) opaque = false;
  }
  return grey ? (opaque ? 0 : 4) : opaque ? 2 : 6;
}

function reencodeJpeg(bytes: Buffer, orientation: number, maxPixels: number): TReencodedImage {
  const decoded = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: maxPixels / 1_000_000,
    maxMemoryUsageInMB: 1024,
  });
  const upright = orient(decoded.data, decoded.width, decoded.height, orientation);
  const encoded = jpeg.encode({ data: upright.data, width: upright.width, height: upright.height }, JPEG_QUALITY);
  return { bytes: encoded.data, width: upright.width, height: upright.height };
}

/**
 * The pixels turned as EXIF orientation `orientation` (1-8) says a viewer
 * should show them. For each pixel of the result, where it comes from in the
 * stored image (W × H): 2 mirrored, 3 turned half round, 4 flipped, 5
 * transposed, 6 turned a quarter clockwise, 7 transversed, 8 a quarter
 * counter-clockwise.
 */
export function orient(
  data: Uint8Array,
  width: number,
  height: number,
  orientation: number,
): { data: Uint8Array; width: number; height: number } {
  if (orientation < 2 || orientation > 8) return { data, width, height };
  const swap = orientation >= 5;
  const [outWidth, outHeight] = swap ? [height, width] : [width, height];
  // One 32-bit word per RGBA pixel (a view needs an aligned start: a copy otherwise).
  const aligned = data.byteOffset % 4 === 0 ? data : new Uint8Array(data);
  const source = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const out = new Uint32Array(outWidth * outHeight);
  const from: (x: number, y: number) => number = {
    2: (x: number, y: number) => y * width + (width - 1 - x),
    3: (x: number, y: number) => (height - 1 - y) * width + (width - 1 - x),
    4: (x: number, y: number) => (height - 1 - y) * width + x,
    5: (x: number, y: number) => x * width + y,
    6: (x: number, y: number) => (height - 1 - x) * width + y,
    7: (x: number, y: number) => (height - 1 - x) * width + (width - 1 - y),
    8: (x: number, y: number) => x * width + (width - 1 - y),
  }[orientation]!;
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) out[y * outWidth + x] = source[from(x, y)]!;
  }
  return { data: new Uint8Array(out.buffer), width: outWidth, height: outHeight };
}
