import 'server-only';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { workspaceBrand } from './workspace-brand';

/** A team's brand with its logo's bytes: mails carry the logo inside, the certificate embeds it. */
export type TLoadedBrand = {
  name: string;
  color: string | null;
  logo: { bytes: Uint8Array; contentType: string } | null;
};

/**
 * The brand of the workspace a document was sent from, for its signers' mails and its certificate; null for a
 * personal workspace or a team without one. A logo that cannot be read is left out, never failing a mail or a seal.
 */
export async function loadBrand(workspaceId: string): Promise<TLoadedBrand | null> {
  const brand = await workspaceBrand(workspaceId);
  if (!brand) return null;
  const logo = brand.logo
    ? await getBlobStore()
        .get(brand.logo.blob)
        .then((bytes) => ({ bytes: new Uint8Array(bytes), contentType: brand.logo!.contentType }))
        .catch((error: unknown) => {
          logger.warn('team logo left out', { error });
          return null;
        })
    : null;
  return { name: brand.name, color: brand.color, logo };
}
