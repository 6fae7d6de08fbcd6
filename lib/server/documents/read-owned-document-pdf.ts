import 'server-only';
import { getBlobStore, type BlobStore } from '@/lib/server/storage/blob-store';
import { workingPdfBlob } from './create-document-from-upload';
import { findOwnedDocument } from './find-owned-document';

/** The decrypted working PDF (see workingPdfBlob) of an owned document, or null for anyone else. */
export async function readOwnedDocumentPdf(token: string, ownerId: string, store: Pick<BlobStore, 'get'> = getBlobStore()) {
  const document = await findOwnedDocument(token, ownerId);
  if (!document) return null;
  const blob = workingPdfBlob(document);
  return { name: document.name, bytes: await store.get(blob.key) };
}
