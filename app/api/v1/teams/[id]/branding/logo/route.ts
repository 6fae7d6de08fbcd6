import { MAX_LOGO_BYTES } from '@/lib/api/v1/branding';
import { removeBrandLogo } from '@/lib/server/branding/remove-brand-logo';
import { setBrandLogo } from '@/lib/server/branding/set-brand-logo';
import { json } from '@/lib/server/http/json';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { readMultipartUpload } from '@/lib/server/http/read-multipart-upload';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// multipart/form-data with one file field "file".
export const PUT = ownerRoute<{ id: string }>(
  'team:manage',
  async ({ request, owner }) =>
    json(await setBrandLogo(owner.workspace.id, await readMultipartUpload(request, { maxBytes: MAX_LOGO_BYTES }))),
  { teamParam: 'id' },
);

export const DELETE = ownerRoute<{ id: string }>(
  'team:manage',
  async ({ owner }) => json(await removeBrandLogo(owner.workspace.id)),
  { teamParam: 'id' },
);
