import { ownerRoute } from '@/lib/server/http/owner-route';
import { deleteWebhook } from '@/lib/server/webhooks/delete-webhook';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const DELETE = ownerRoute<{ id: string }>('webhooks:manage', async ({ params, owner }) => {
  await deleteWebhook(owner.workspace.id, params.id);
  return new Response(null, { status: 204 });
});
