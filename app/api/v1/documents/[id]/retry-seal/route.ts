import { retrySeal } from '@/lib/server/finalize/retry-seal';
import { requestMeta } from '@/lib/server/http/client-address';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json } from '@/lib/server/http/json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = ownerRoute<{ id: string }>('documents:write', async ({ request, params, owner }) =>
  json(await retrySeal(params.id, owner.caller, requestMeta(request)), 202),
);
