import { ZSigningRequestBody } from '@/lib/api/v1/signing-requests';
import { uploadLimits } from '@/lib/server/documents/upload/upload-limits';
import { inEncodedUploadSlot } from '@/lib/server/documents/upload/encoded-upload-slot';
import { requestMeta } from '@/lib/server/http/client-address';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json, parseBody } from '@/lib/server/http/json';
import { limit } from '@/lib/server/http/rate-limit';
import { createSigningRequest } from '@/lib/server/signing-requests/create-signing-request';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = ownerRoute('documents:write', async ({ request, owner }) => {
  await limit('upload', owner.user.id);
  // The base64 text and the decoded document are both held: a few such bodies per owner at once.
  return inEncodedUploadSlot(owner.user.id, async () => {
    // Room for the document's base64 content and the JSON around it.
    const body = await parseBody(request, ZSigningRequestBody, Math.ceil(uploadLimits().maxBytes / 3) * 4 + 256 * 1024);
    return json(
      await createSigningRequest(
        body,
        {
          ...owner.caller,
          user: { id: owner.user.id, email: owner.user.email, plan: owner.workspace.plan },
        },
        requestMeta(request),
      ),
      201,
    );
  });
});
