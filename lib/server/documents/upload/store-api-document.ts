import 'server-only';
import type { z } from 'zod';
import type { ZCreatedDocument } from '@/lib/api/v1/documents';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { fileExtension, isAcceptedExtension } from '@/lib/upload/file-kind';
import { createDocumentFromUpload, type TUploadOwner } from './create-document-from-upload';

export type TCreatedDocument = z.infer<typeof ZCreatedDocument>;

/**
 * The file name an upload is judged by (its extension claims the type). A
 * name given without one of ours (an integrator's "Service agreement") is
 * taken as a PDF; the content check then refuses anything that is not.
 */
export function uploadFileName(name: string): string {
  return isAcceptedExtension(fileExtension(name)) ? name : `${name}.pdf`;
}

type TStore = {
  owner: TUploadOwner;
  /** The name to show, when the caller gave one (else the file's). */
  name?: string;
  fileName: string;
  data: AsyncIterable<Uint8Array>;
  sizeHint?: number;
  meta: TRequestMeta;
};

/** An upload of the v1 API through the upload routes' own checks, quota and refusals, answered as POST /api/v1/documents's 201 body. */
export async function storeApiDocument({
  owner,
  name,
  fileName,
  data,
  sizeHint,
  meta,
}: TStore): Promise<TCreatedDocument> {
  let document = await createDocumentFromUpload({ owner, fileName, data, sizeHint, ...meta });
  if (name && name !== document.name)
    document = await db.document.update({ where: { id: document.id }, data: { name } });
  return {
    id: document.id,
    name: document.name,
    status: 'draft',
    pageCount: document.pageCount,
    sha256: document.originalSha256,
    createdAt: document.createdAt.toISOString(),
  };
}
