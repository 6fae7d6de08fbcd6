import { assertNotForged } from '@/lib/server/auth/assert-not-forged';
import { requireUser } from '@/lib/server/auth/require-user';
import { uploadLegacyDocument } from '@/lib/server/documents/upload-document';
import { closingOnRefusal } from '@/lib/server/http/closing-on-refusal';
import { withProblems } from '@/lib/server/http/problem';
import { limit } from '@/lib/server/http/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// POST /REST/uploadDocument: the legacy contract the original client speaks, kept exactly (docs/uploads.md, Upload endpoints).
// Not seen by the proxy, so it checks X-XSRF-TOKEN itself.
export const POST = withProblems(async (request: Request) =>
  closingOnRefusal(async () => {
    assertNotForged(request);
    const user = await requireUser();
    await limit('upload', user.id); // before a byte of the body is read
    return Response.json(await uploadLegacyDocument(request, user), { headers: { 'cache-control': 'no-store' } });
  }),
);
