import { AppError } from '@/lib/errors';
import { withProblems } from '@/lib/server/http/problem';
import { readSignatureFontBytes } from '@/lib/server/signatures/fonts';
import { isSignatureFontId } from '@/lib/signatures/signature-fonts';

export const runtime = 'nodejs';

type Context = { params: Promise<{ file: string }> };

/**
 * GET /fonts/signature/{id}.ttf: a handwriting font of typed signatures, for
 * the signing page's preview (the server lays out the same file, so the
 * preview and the stored signature agree). Public: the fonts are OFL.
 */
export const GET = withProblems(async (_request: Request, { params }: Context) => {
  const { file } = await params;
  const id = file.endsWith('.ttf') ? file.slice(0, -4) : '';
  if (!isSignatureFontId(id)) throw new AppError('NOT_FOUND', 'No such font.');
  const bytes = await readSignatureFontBytes(id);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'font/ttf',
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=86400',
    },
  });
});
