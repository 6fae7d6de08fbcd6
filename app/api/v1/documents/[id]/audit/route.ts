import { readAuditTrail } from '@/lib/server/audit/read-audit-trail';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json } from '@/lib/server/http/json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute<{ id: string }>('documents:read', async ({ params, owner }) =>
  json(await readAuditTrail(params.id, owner.workspace.id)),
);
