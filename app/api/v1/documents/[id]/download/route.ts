import { downloadDocument, ZDownloadQuery } from '@/lib/server/documents/download-document';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { pdfResponse } from '@/lib/server/http/pdf-response';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute<{ id: string }>('documents:read', async ({ request, params, owner }) => {
  const { kind } = ZDownloadQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const pdf = await downloadDocument(params.id, owner.caller, kind);
  return pdfResponse(request, { name: pdf.fileName, size: pdf.size, body: pdf.body }, 'attachment');
});
