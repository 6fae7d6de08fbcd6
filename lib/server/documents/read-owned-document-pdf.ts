import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { workingPdfBlob } from './create-document-from-upload';
import { findOwnedDocument } from './find-owned-document';

/** The decrypted working PDF (see workingPdfBlob) of an owned document, or null for anyone else. */
export async function readOwnedDocumentPdf(
  token: string,
  ownerId: string,
  deps: { client?: TDbClient; store?: Pick<BlobStore, 'get'> } = {},
) {
  const document = await findOwnedDocument(token, ownerId, deps.client ?? db);
  if (!document) return null;
  const blob = workingPdfBlob(document);
  return { name: document.name, bytes: await (deps.store ?? getBlobStore()).get(blob.key) };
}
