import { assertNotForged } from '@/lib/server/auth/assert-not-forged';
import { requireUser } from '@/lib/server/auth/require-user';
import { uploadLegacyDocument } from '@/lib/server/documents/upload-document';
import { withProblems } from '@/lib/server/http/problem';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// POST /REST/uploadDocument: the legacy contract of SPEC §7 (not seen by the proxy, so it checks X-XSRF-TOKEN itself).
export const POST = withProblems(async (request: Request) => {
  assertNotForged(request);
  const user = await requireUser();
  return Response.json(await uploadLegacyDocument(request, user), { headers: { 'cache-control': 'no-store' } });
});
