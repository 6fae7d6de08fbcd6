import { assertNotForged } from '@/lib/server/auth/assert-not-forged';
import { requireUser } from '@/lib/server/auth/require-user';
import { uploadMultipartDocument } from '@/lib/server/documents/upload-document';
import { closingOnRefusal } from '@/lib/server/http/closing-on-refusal';
import { withProblems } from '@/lib/server/http/problem';
import { limit } from '@/lib/server/http/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// POST /api/documents: our UI's streaming multipart upload (field "file"); answers like the legacy contract.
export const POST = withProblems(async (request: Request) =>
  closingOnRefusal(async () => {
    assertNotForged(request);
    const user = await requireUser();
    await limit('upload', user.id); // before a byte of the body is read
    return Response.json(await uploadMultipartDocument(request, user), { status: 201, headers: { 'cache-control': 'no-store' } });
  }),
);
