import 'server-only';
import { AppError } from '@/lib/errors';

/** A request body as text, refused with 413 as soon as it passes `limit` bytes (declared or actual). */
export async function readBoundedText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  const tooLarge = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `The request body is larger than the ${Math.round(limit / 1024 / 1024)} MB allowed.`,
    );
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return '';
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge();
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
