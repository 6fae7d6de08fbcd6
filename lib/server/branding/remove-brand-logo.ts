import 'server-only';
import type { TBranding } from '@/lib/api/v1/branding';
import { db } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { brandingSelect, brandingView } from './branding-view';

/** DELETE /api/v1/teams/{id}/branding/logo: back to no logo; its URL stops working. */
export async function removeBrandLogo(workspaceId: string): Promise<TBranding> {
  const previous = await db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { logoBlob: true } });
  const row = await db.workspace.update({
    where: { id: workspaceId },
    data: { logoBlob: null, logoType: null, logoId: null },
    select: brandingSelect,
  });
  if (previous.logoBlob)
    await getBlobStore()
      .delete(previous.logoBlob)
      .catch((error: unknown) => logger.warn('old logo left', { error }));
  return brandingView(row);
}
