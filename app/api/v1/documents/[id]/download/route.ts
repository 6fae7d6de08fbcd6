import { downloadDocument, ZDownloadQuery } from '@/lib/server/documents/download-document';
import { ownerRoute } from '@/lib/server/http/owner-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute<{ id: string }>('documents:read', async ({ request, params, owner }) => {
  const { kind } = ZDownloadQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const pdf = await downloadDocument(params.id, owner.user.id, kind);
  // The body holds a download slot until it is sent or cancelled: a HEAD or a client that left gives it back at once.
  if (request.method === 'HEAD' || request.signal.aborted) await pdf.body.cancel();
  else request.signal.addEventListener('abort', () => void pdf.body.cancel().catch(() => undefined), { once: true });
  return new Response(request.method === 'HEAD' ? null : pdf.body, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.size),
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(pdf.fileName)}`,
      'cache-control': 'private, no-store',
    },
  });
});
