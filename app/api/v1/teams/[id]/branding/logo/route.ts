import { MAX_LOGO_BYTES } from '@/lib/api/v1/branding';
import { removeBrandLogo } from '@/lib/server/branding/remove-brand-logo';
import { setBrandLogo } from '@/lib/server/branding/set-brand-logo';
import { closingOnRefusal } from '@/lib/server/http/closing-on-refusal';
import { json } from '@/lib/server/http/json';
import { limit } from '@/lib/server/http/rate-limit';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { readMultipartUpload } from '@/lib/server/http/read-multipart-upload';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// multipart/form-data with one file field "file". An image is decoded in the worker signers' images share, so it
// counts as an upload; a refusal before the body is read closes the connection.
export const PUT = ownerRoute<{ id: string }>(
  'team:manage',
  async ({ request, owner }) =>
    closingOnRefusal(async () => {
      await limit('upload', owner.user.id);
      const upload = await readMultipartUpload(request, { maxBytes: MAX_LOGO_BYTES });
      return json(await setBrandLogo(owner.workspace.id, upload));
    }),
  { teamParam: 'id' },
);

export const DELETE = ownerRoute<{ id: string }>(
  'team:manage',
  async ({ owner }) => json(await removeBrandLogo(owner.workspace.id)),
  { teamParam: 'id' },
);
