import 'server-only';
import { imageSize } from 'image-size';
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { SIGNATURE_LIMITS, type TImageSignature } from '@/lib/api/v1/signature-body';
import { AppError } from '@/lib/errors';
import type { TImageAppearance } from '@/lib/signatures/appearance';
import { sniffFileType } from '@/lib/server/file-type/check-magic-bytes';

const L = SIGNATURE_LIMITS;

const refuse = (
  code: 'EMPTY_FILE' | 'PAYLOAD_TOO_LARGE' | 'FILE_TYPE_MISMATCH' | 'CORRUPT_FILE' | 'INVALID_INPUT',
  detail: string,
) => new AppError(code, detail, { fieldErrors: [{ path: 'signature.image', message: detail }] });

/**
 * An uploaded signature image, checked like any upload (type by magic bytes,
 * size, dimensions) and then decoded and re-encoded in its own format: what
 * is stored is pixels we wrote, without the file's metadata (camera EXIF,
 * location) or anything hidden after the image data.
 */
export async function normalizeSignatureImage(body: TImageSignature): Promise<TImageAppearance> {
  const comma = body.image.indexOf(',');
  const claimed = body.image.slice('data:'.length, body.image.indexOf(';')) as TImageAppearance['mime'];
  const bytes = Buffer.from(body.image.slice(comma + 1), 'base64');
  if (bytes.length === 0) throw refuse('EMPTY_FILE', 'The image is empty.');
  if (bytes.length > L.maxImageBytes)
    throw refuse('PAYLOAD_TOO_LARGE', `The image may be at most ${L.maxImageBytes / 1024} KiB.`);

  const sniffed = await sniffFileType(bytes);
  const mime = sniffed === 'png' ? 'image/png' : sniffed === 'jpg' ? 'image/jpeg' : null;
  if (!mime)
    throw refuse(
      'FILE_TYPE_MISMATCH',
      `The image must be a PNG or a JPEG; its content is ${sniffed ? `a .${sniffed} file` : 'of an unknown type'}.`,
    );
  if (mime !== claimed) throw refuse('FILE_TYPE_MISMATCH', `The data URL says ${claimed} but the content is ${mime}.`);

  // Dimensions from the header, before decoding anything: a small file must not expand into gigabytes of pixels.
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw refuse('CORRUPT_FILE', 'The image cannot be read.');
  }
  const { width = 0, height = 0 } = size;
  if (width < L.minImageSide || height < L.minImageSide || width > L.maxImageSide || height > L.maxImageSide) {
    throw refuse(
      'INVALID_INPUT',
      `The image must be between ${L.minImageSide} and ${L.maxImageSide} pixels on each side; it is ${width} × ${height}.`,
    );
  }
  try {
    const base64 = mime === 'image/png' ? reencodePng(bytes) : reencodeJpeg(bytes);
    return { type: 'image', mime, width, height, base64 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse('CORRUPT_FILE', 'The image is damaged and cannot be decoded.');
  }
}

function reencodePng(bytes: Buffer): string {
  const decoded = PNG.sync.read(bytes);
  const png = new PNG({ width: decoded.width, height: decoded.height });
  decoded.data.copy(png.data);
  return PNG.sync.write(png, { colorType: 6 }).toString('base64');
}

function reencodeJpeg(bytes: Buffer): string {
  const megapixels = (L.maxImageSide * L.maxImageSide) / 1_000_000;
  const decoded = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: megapixels,
    maxMemoryUsageInMB: 64,
  });
  return Buffer.from(
    jpeg.encode({ data: decoded.data, width: decoded.width, height: decoded.height }, 90).data,
  ).toString('base64');
}
