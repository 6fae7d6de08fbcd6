import 'server-only';
import { ZBrandColor } from '@/lib/api/v1/branding';
import { db } from '@/lib/server/db/client';
import { brandLogoPath } from './branding-view';

/** A team's brand as its signers meet it; null when it set none (Signet's own look). */
export type TWorkspaceBrand = {
  /** "ACME" in "ACME via Signet": the sender name, else the team's name. */
  name: string;
  /** #rrggbb, readable under white text; null: Signet's own colour. */
  color: string | null;
  logo: { path: string; blob: string; contentType: string } | null;
};

/** The brand of the workspace a document belongs to, for its signing page, its mails and its certificate. */
export async function workspaceBrand(workspaceId: string): Promise<TWorkspaceBrand | null> {
  const row = await db.workspace.findUnique({
    where: { id: workspaceId },
    select: {
      kind: true,
      name: true,
      brandColor: true,
      senderName: true,
      logoBlob: true,
      logoType: true,
      logoId: true,
    },
  });
  if (!row || row.kind !== 'TEAM') return null;
  if (!row.brandColor && !row.senderName && !row.logoId) return null;
  return {
    name: row.senderName ?? row.name,
    // Checked again where it is used (a style attribute, a PDF colour): only what the API would accept is shown.
    color: ZBrandColor.safeParse(row.brandColor).success ? row.brandColor : null,
    logo:
      row.logoId && row.logoBlob && row.logoType
        ? { path: brandLogoPath(row.logoId), blob: row.logoBlob, contentType: row.logoType }
        : null,
  };
}
