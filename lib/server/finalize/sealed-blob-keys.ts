import 'server-only';
import type { BlobStore } from '@/lib/server/storage/blob-store';

/** The document's blob folder (documents/<uuid>/), where the upload put its original. */
export function documentFolder(originalBlob: string): string {
  return `${originalBlob.split('/').slice(0, 2).join('/')}/`;
}

/**
 * Keys named after the content: two runs that raced (a lost lease) each write
 * their own file and never overwrite the one the database points at; the
 * loser's files are removed by whoever sees them unreferenced (cleanStrayFinalizeBlobs).
 */
export function finalizeBlobKeys(originalBlob: string, sealedSha256: string, certificateSha256: string) {
  const folder = documentFolder(originalBlob);
  return {
    sealed: `${folder}sealed-${sealedSha256.slice(0, 32)}.pdf`,
    certificate: `${folder}certificate-${certificateSha256.slice(0, 32)}.pdf`,
  };
}

const FINALIZE_BLOB = /\/(sealed|certificate)-[0-9a-f]{32}\.pdf$/;

/** Removes sealed/certificate files of this document that the row does not point at (a crashed or losing run's); how many. */
export async function cleanStrayFinalizeBlobs(
  store: BlobStore,
  originalBlob: string,
  keep: (string | null)[],
): Promise<number> {
  let removed = 0;
  for await (const blob of store.list(documentFolder(originalBlob))) {
    if (!FINALIZE_BLOB.test(blob.key) || keep.includes(blob.key)) continue;
    await store.delete(blob.key);
    removed += 1;
  }
  return removed;
}
