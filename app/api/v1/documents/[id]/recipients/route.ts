import { ZPutRecipientsBody } from '@/lib/api/v1/recipients';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json, parseBody } from '@/lib/server/http/json';
import { replaceRecipients } from '@/lib/server/recipients/replace-recipients';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const PUT = ownerRoute<{ id: string }>('documents:write', async ({ request, params, owner }) => {
  const body = await parseBody(request, ZPutRecipientsBody);
  return json({ recipients: await replaceRecipients(params.id, owner.workspace.id, body) });
});
