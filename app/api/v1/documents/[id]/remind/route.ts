import { remindRecipients } from '@/lib/server/documents/remind-recipients';
import { requestMeta } from '@/lib/server/http/client-address';
import { json, ownerRoute } from '@/lib/server/http/owner-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = ownerRoute<{ id: string }>(async ({ request, params, owner }) => {
  const reminded = await remindRecipients(params.id, { id: owner.user.id, actor: owner.actor }, requestMeta(request));
  return json({ reminded }, 202);
});
