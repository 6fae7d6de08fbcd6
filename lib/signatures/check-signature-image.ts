import { SIGNATURE_LIMITS } from '@/lib/api/v1/signature-body';

/**
 * The browser's side of an uploaded signature's checks (the server repeats
 * them and re-encodes): PNG or JPEG by the file's first bytes, not its name,
 * at most the size limit, and sides within the limits once decoded.
 */
export type TImageProblem = 'type' | 'size' | 'empty' | 'dimensions' | 'unreadable';

export function sniffImageMime(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const starts = (bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

export function checkImageBytes(
  bytes: Uint8Array,
): { ok: true; mime: 'image/png' | 'image/jpeg' } | { ok: false; problem: TImageProblem } {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (bytes.length > SIGNATURE_LIMITS.maxImageBytes) return { ok: false, problem: 'size' };
  const mime = sniffImageMime(bytes.subarray(0, 8));
  return mime ? { ok: true, mime } : { ok: false, problem: 'type' };
}

export function checkImageDimensions(width: number, height: number): TImageProblem | null {
  const { minImageSide: min, maxImageSide: max } = SIGNATURE_LIMITS;
  return width >= min && height >= min && width <= max && height <= max ? null : 'dimensions';
}

/** The data URL the API takes, from bytes already checked. */
export function imageDataUrl(mime: string, bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${mime};base64,${btoa(binary)}`;
}
