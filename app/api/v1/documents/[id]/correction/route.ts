import { correctDeclinedDocument } from '@/lib/server/documents/correct-declined-document';
import { requestMeta } from '@/lib/server/http/client-address';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json } from '@/lib/server/http/json';
import { limit } from '@/lib/server/http/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// A correction is a new document like an upload: the same rate limit and monthly quota.
export const POST = ownerRoute<{ id: string }>('documents:write', async ({ request, params, owner }) => {
  await limit('upload', owner.user.id);
  return json(
    await correctDeclinedDocument(params.id, { ...owner.caller, plan: owner.workspace.plan }, requestMeta(request)),
    201,
  );
});
