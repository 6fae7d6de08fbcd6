import 'server-only';
import { randomBytes } from 'node:crypto';
import { imageSize } from 'image-size';
import { MAX_LOGO_BYTES, MAX_LOGO_PIXELS, type TBranding } from '@/lib/api/v1/branding';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { sniffFileType } from '@/lib/server/file-type/check-magic-bytes';
import type { TMultipartUpload } from '@/lib/server/http/read-multipart-upload';
import { getImageReencoder } from '@/lib/server/images/image-reencoder';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import { brandingSelect, brandingView, type TBrandColumns } from './branding-view';

const LOGO_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

async function readLogo(upload: TMultipartUpload): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of upload.data) {
    size += chunk.byteLength;
    if (size > MAX_LOGO_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', `A logo may be at most ${MAX_LOGO_BYTES / 1024 / 1024} MB.`);
    chunks.push(chunk);
  }
  if (size === 0) throw new AppError('EMPTY_FILE', 'The file is empty.');
  return Buffer.concat(chunks);
}

/**
 * PUT /api/v1/teams/{id}/branding/logo: a PNG or JPEG (never SVG, which can carry scripts), at most
 * MAX_LOGO_BYTES and MAX_LOGO_PIXELS, decoded and encoded again in the image worker like a signer's image
 * (lib/server/images/reencode-image.ts), so only pixels reach signers. Each logo gets a new random id.
 */
export async function setBrandLogo(workspaceId: string, upload: TMultipartUpload): Promise<TBranding> {
  const received = await readLogo(upload);
  const type = await sniffFileType(received);
  if (type !== 'png' && type !== 'jpg')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The logo must be a PNG or JPEG image.');
  let size: { width?: number; height?: number };
  try {
    size = imageSize(received);
  } catch (cause) {
    throw new AppError('CORRUPT_FILE', 'The image is damaged and cannot be read.', { cause });
  }
  if ((size.width ?? 0) * (size.height ?? 0) > MAX_LOGO_PIXELS)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The logo is ${size.width} × ${size.height} pixels; use one of at most ${MAX_LOGO_PIXELS / 1_000_000} megapixels.`,
    );
  const image = await getImageReencoder().reencode(received, type);
  // A noisy picture can grow when written again: what is stored is read on every signing page and mailed.
  if (image.bytes.byteLength > MAX_LOGO_BYTES)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `Once cleaned, the logo takes more than ${MAX_LOGO_BYTES / 1024 / 1024} MB; use a smaller or simpler image.`,
    );
  const logoId = randomBytes(16).toString('base64url');
  const key = `branding/${workspaceId}/${logoId}.${type}`;
  const store = getBlobStore();
  await store.put(key, image.bytes);
  let previous: string | null;
  let row: TBrandColumns;
  try {
    // Under the team's row lock: two uploads at once each replace the logo the other left, and none is lost track of.
    ({ previous, row } = await db.$transaction(async (tx) => {
      await lockWorkspaceRow(tx, workspaceId);
      const { logoBlob } = await tx.workspace.findUniqueOrThrow({
        where: { id: workspaceId },
        select: { logoBlob: true },
      });
      const updated = await tx.workspace.update({
        where: { id: workspaceId },
        data: { logoBlob: key, logoType: LOGO_TYPES[type], logoId },
        select: brandingSelect,
      });
      return { previous: logoBlob, row: updated };
    }));
  } catch (error) {
    await store.delete(key).catch((cause: unknown) => logger.warn('new logo left', { key, cause }));
    throw error;
  }
  if (previous) await store.delete(previous).catch((error: unknown) => logger.warn('old logo left', { error }));
  return brandingView(row);
}
