import { AppError } from '@/lib/errors';
import { requireUser } from '@/lib/server/auth/require-user';
import { readOwnedDocumentPdf } from '@/lib/server/documents/read-owned-document-pdf';
import { withProblems } from '@/lib/server/http/problem';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ doctoken: string }> };

/**
 * GET /api/documents/{doctoken}/pdf: the document's current PDF, decrypted,
 * for its owner only (the preview on /document/{doctoken}). Anyone else, and
 * unknown tokens, get the same 404 so tokens cannot be probed.
 */
export const GET = withProblems(async (request: Request, { params }: Context) => {
  const user = await requireUser();
  const { doctoken } = await params;
  const pdf = await readOwnedDocumentPdf(doctoken, user.id);
  if (!pdf) throw new AppError('NOT_FOUND', 'No such document.');
  // The body holds a download slot until it is sent or cancelled: a HEAD (answered with GET's
  // headers, no body) or a client that left gives it back at once.
  if (request.method === 'HEAD' || request.signal.aborted) await pdf.body.cancel();
  else request.signal.addEventListener('abort', () => void pdf.body.cancel().catch(() => undefined), { once: true });
  return new Response(request.method === 'HEAD' ? null : pdf.body, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.size),
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(pdfName(pdf.name))}`,
      'cache-control': 'private, no-store',
    },
  });
});

/** An office upload is previewed as its converted PDF: say so in the name. */
function pdfName(name: string): string {
  return /\.pdf$/i.test(name) ? name : `${name.replace(/\.[^.]*$/, '')}.pdf`;
}
