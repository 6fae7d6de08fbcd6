import { downloadDocument, ZDownloadQuery } from '@/lib/server/documents/download-document';
import { bytesBody } from '@/lib/server/documents/read-owned-document-pdf';
import { ownerRoute } from '@/lib/server/http/owner-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute<{ id: string }>(async ({ request, params, owner }) => {
  const { kind } = ZDownloadQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const pdf = await downloadDocument(params.id, owner.user.id, kind);
  return new Response(bytesBody(pdf.bytes), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.bytes.byteLength),
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(pdf.fileName)}`,
      'cache-control': 'private, no-store',
    },
  });
});
