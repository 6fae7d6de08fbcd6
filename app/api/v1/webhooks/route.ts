import { ZCreateWebhookBody, ZListWebhooksQuery } from '@/lib/api/v1/webhooks';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json, parseBody } from '@/lib/server/http/json';
import { createWebhook } from '@/lib/server/webhooks/create-webhook';
import { listWebhooks } from '@/lib/server/webhooks/list-webhooks';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute('webhooks:manage', async ({ request, owner }) => {
  const query = ZListWebhooksQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(await listWebhooks(owner.workspace.id, query));
});

export const POST = ownerRoute('webhooks:manage', async ({ request, owner }) => {
  const body = await parseBody(request, ZCreateWebhookBody, 16 * 1024);
  return json(await createWebhook(owner.caller, body, { createdByKeyId: owner.key?.id ?? null }), 201);
});
