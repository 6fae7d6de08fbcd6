import 'server-only';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';

/** A logo id as set-brand-logo makes them; anything else is refused before the database is asked. */
const LOGO_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * GET /api/v1/brand-logos/{logoId} (public: signers see it without an account): at most one small blob read per
 * request, for an id nobody can guess from the workspace.
 */
export async function readBrandLogo(logoId: string): Promise<{ bytes: Buffer; contentType: string }> {
  if (!LOGO_ID.test(logoId)) throw new AppError('NOT_FOUND', 'No such logo.');
  const row = await db.workspace.findUnique({ where: { logoId }, select: { logoBlob: true, logoType: true } });
  if (!row?.logoBlob || !row.logoType) throw new AppError('NOT_FOUND', 'No such logo.');
  return { bytes: await getBlobStore().get(row.logoBlob), contentType: row.logoType };
}
