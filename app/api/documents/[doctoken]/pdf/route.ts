import { AppError } from '@/lib/errors';
import { requireUser } from '@/lib/server/auth/require-user';
import { readOwnedDocumentPdf } from '@/lib/server/documents/read-owned-document-pdf';
import { pdfResponse } from '@/lib/server/http/pdf-response';
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
  return pdfResponse(request, pdf, 'inline');
});
