import { remindRecipients } from '@/lib/server/documents/remind-recipients';
import { requestMeta } from '@/lib/server/http/client-address';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json } from '@/lib/server/http/json';
import { limit } from '@/lib/server/http/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = ownerRoute<{ id: string }>('documents:write', async ({ request, params, owner }) => {
  await limit('remind', `${owner.user.id}:${params.id}`); // per document (and caller, so nobody else spends it): every call mails someone
  const reminded = await remindRecipients(params.id, owner.caller, requestMeta(request));
  return json({ reminded }, 202);
});
