import { ZListDocumentsQuery } from '@/lib/api/v1/documents';
import { listDocuments } from '@/lib/server/documents/list-documents';
import { json, ownerRoute } from '@/lib/server/http/owner-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute(async ({ request, owner }) => {
  const query = ZListDocumentsQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(await listDocuments(owner.user.id, query));
});
