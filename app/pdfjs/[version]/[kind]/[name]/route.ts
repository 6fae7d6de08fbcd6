import { readFile } from 'node:fs/promises';
import { version as installed } from 'pdfjs-dist/package.json';
import { AppError } from '@/lib/errors';
import { withProblems } from '@/lib/server/http/problem';
import { pdfJsAssetPath } from '@/lib/viewer/pdfjs-assets';

export const runtime = 'nodejs';

type Context = { params: Promise<{ version: string; kind: string; name: string }> };

/**
 * GET /pdfjs/{version}/{kind}/{name}: pdf.js's data files (lib/viewer/pdfjs-assets.ts)
 * from the installed pdfjs-dist. The version in the path makes each address
 * immutable, so browsers cache them for good; another version is a 404.
 */
export const GET = withProblems(async (_request: Request, { params }: Context) => {
  const { version, kind, name } = await params;
  const asset = version === installed ? pdfJsAssetPath(process.cwd(), kind, name) : null;
  if (!asset) throw new AppError('NOT_FOUND', 'No such file.');
  const bytes = await readFile(asset.file).catch(() => null);
  if (!bytes) throw new AppError('NOT_FOUND', 'No such file.');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': asset.type,
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
});
