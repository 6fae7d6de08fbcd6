import 'server-only';
import type { TBranding } from '@/lib/api/v1/branding';

export type TBrandColumns = { brandColor: string | null; senderName: string | null; logoId: string | null };

/** Where a logo is served: by its own random id, never the workspace's. */
export const brandLogoPath = (logoId: string) => `/api/v1/brand-logos/${logoId}`;

export const brandingSelect = { brandColor: true, senderName: true, logoId: true } as const;

export function brandingView(row: TBrandColumns): TBranding {
  return {
    color: row.brandColor,
    senderName: row.senderName,
    logoUrl: row.logoId ? brandLogoPath(row.logoId) : null,
  };
}
