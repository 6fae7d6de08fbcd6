import 'server-only';
import { AppError } from '@/lib/errors';

/**
 * Reads a JSON request body with the checks every public JSON endpoint needs:
 * `application/json` (415 otherwise), at most `maxBytes` (413, checked on the
 * declared length and again while reading, so a lying or missing
 * Content-Length cannot get more through), and valid JSON (400).
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The request body may be at most ${maxBytes} bytes.`);
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  if (text.trim() === '') throw new AppError('INVALID_INPUT', 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('INVALID_INPUT', 'The request body is not valid JSON.');
  }
}
