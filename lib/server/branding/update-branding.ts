import 'server-only';
import type { TBranding, TPutBrandingBody } from '@/lib/api/v1/branding';
import { db } from '@/lib/server/db/client';
import { brandingSelect, brandingView } from './branding-view';

/** PUT /api/v1/teams/{id}/branding: the colour (checked for contrast by the schema) and the sender name. */
export async function updateBranding(workspaceId: string, body: TPutBrandingBody): Promise<TBranding> {
  const row = await db.workspace.update({
    where: { id: workspaceId },
    data: {
      ...(body.color !== undefined ? { brandColor: body.color } : {}),
      ...(body.senderName !== undefined ? { senderName: body.senderName } : {}),
    },
    select: brandingSelect,
  });
  return brandingView(row);
}
