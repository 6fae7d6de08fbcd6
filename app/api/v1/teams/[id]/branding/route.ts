import { ZPutBrandingBody } from '@/lib/api/v1/branding';
import { getBranding } from '@/lib/server/branding/get-branding';
import { updateBranding } from '@/lib/server/branding/update-branding';
import { json, parseBody } from '@/lib/server/http/json';
import { ownerRoute } from '@/lib/server/http/owner-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Every member sees the brand their documents go out with; admins change it (docs/teams.md).
export const GET = ownerRoute<{ id: string }>(
  'team:manage',
  async ({ owner }) => json(await getBranding(owner.workspace.id)),
  { role: 'member', teamParam: 'id' },
);

export const PUT = ownerRoute<{ id: string }>(
  'team:manage',
  async ({ request, owner }) =>
    json(await updateBranding(owner.workspace.id, await parseBody(request, ZPutBrandingBody, 4 * 1024))),
  { teamParam: 'id' },
);
