import 'server-only';
import type { TBranding } from '@/lib/api/v1/branding';
import { db } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import { brandingSelect, brandingView } from './branding-view';

/** DELETE /api/v1/teams/{id}/branding/logo: back to no logo; its URL stops working. */
export async function removeBrandLogo(workspaceId: string): Promise<TBranding> {
  const { previous, row } = await db.$transaction(async (tx) => {
    await lockWorkspaceRow(tx, workspaceId);
    const { logoBlob } = await tx.workspace.findUniqueOrThrow({
      where: { id: workspaceId },
      select: { logoBlob: true },
    });
    const updated = await tx.workspace.update({
      where: { id: workspaceId },
      data: { logoBlob: null, logoType: null, logoId: null },
      select: brandingSelect,
    });
    return { previous: { logoBlob }, row: updated };
  });
  if (previous.logoBlob)
    await getBlobStore()
      .delete(previous.logoBlob)
      .catch((error: unknown) => logger.warn('old logo left', { error }));
  return brandingView(row);
}
