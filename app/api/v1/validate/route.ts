import { clientRateLimitKey } from '@/lib/server/http/client-address';
import { closingOnRefusal } from '@/lib/server/http/closing-on-refusal';
import { withProblems } from '@/lib/server/http/problem';
import { limit } from '@/lib/server/http/rate-limit';
import { multipartBody, unsupportedBody } from '@/lib/server/http/request-body';
import { loadTrustAnchors } from '@/lib/server/validate/load-trust-anchors';
import { validateUpload } from '@/lib/server/validate/validate-upload';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/v1/validate: anyone's PDF, checked and forgotten (public, rate-limited per address; docs/sealing.md, The public validator). */
export const POST = withProblems(async (request: Request) =>
  closingOnRefusal(async () => {
    await limit('validate', clientRateLimitKey(request));
    const body = multipartBody(request) ?? unsupportedBody('Send the PDF as multipart/form-data in the field "file".');
    const report = await validateUpload(body, loadTrustAnchors);
    return Response.json(report, { headers: { 'cache-control': 'no-store' } });
  }),
);
