import { getUploadUsage } from '@/lib/server/documents/upload/get-upload-usage';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json } from '@/lib/server/http/json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute('documents:read', async ({ owner }) =>
  json(await getUploadUsage({ workspaceId: owner.workspace.id, plan: owner.workspace.plan })),
);
