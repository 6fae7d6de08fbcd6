import 'server-only';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from './get-blob-store';

/** The blob keys a document row holds, as a `select`. */
export const documentBlobColumns = {
  originalBlob: true,
  currentBlob: true,
  sealedBlob: true,
  certificateBlob: true,
} as const;

type TDocumentBlobs = {
  originalBlob: string;
  currentBlob: string | null;
  sealedBlob: string | null;
  certificateBlob: string | null;
};

export const documentBlobKeys = (document: TDocumentBlobs) => [
  document.originalBlob,
  document.currentBlob,
  document.sealedBlob,
  document.certificateBlob,
];

/**
 * Deletes blobs whose rows a committed transaction removed. One that cannot be deleted now is logged and left: no
 * row points at it any more, and the leftover sweeper takes what lies under documents/.
 */
export async function deleteBlobs(keys: readonly (string | null)[], what: string): Promise<void> {
  const store = getBlobStore();
  for (const key of keys) {
    if (!key) continue;
    await store.delete(key).catch((error: unknown) => logger.warn(`blob of ${what} left`, { key, error }));
  }
}
