import 'server-only';
import { getEnv } from '@/lib/env';
import { loadBlobKey } from './blob-key';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { createS3Client, S3BlobStore } from './s3-blob-store';

let store: BlobStore | undefined;

export function getBlobStore(): BlobStore {
  if (store) return store;
  const env = getEnv();
  const key = loadBlobKey(env);
  store =
    env.STORAGE_DRIVER === 's3'
      ? // parseEnv guarantees the bucket and credentials when the driver is s3.
        new S3BlobStore(createS3Client(env), env.S3_BUCKET ?? '', key)
      : new LocalBlobStore(`${env.dataDir}/blobs`, key);
  return store;
}
