import { requestMeta } from '@/lib/server/http/client-address';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { limit } from '@/lib/server/http/rate-limit';
import { resendInvitation } from '@/lib/server/recipients/resend-invitation';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = ownerRoute<{ id: string; recipientId: string }>(
  'documents:write',
  async ({ request, params, owner }) => {
    await limit('remind', `${owner.user.id}:${params.id}`); // per document (and caller, so nobody else spends it): every call mails someone
    await resendInvitation(params.id, params.recipientId, owner.caller, requestMeta(request));
    return new Response(null, { status: 202, headers: { 'cache-control': 'no-store' } });
  },
);
