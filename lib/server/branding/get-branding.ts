import 'server-only';
import type { TBranding } from '@/lib/api/v1/branding';
import { db } from '@/lib/server/db/client';
import { brandingSelect, brandingView } from './branding-view';

/** GET /api/v1/teams/{id}/branding. */
export async function getBranding(workspaceId: string): Promise<TBranding> {
  return brandingView(await db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: brandingSelect }));
}
