import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import type { BlobStore } from './blob-store';

/** The health check every driver shares: write, read back and delete a small random blob. */
export async function roundTripProbe(store: Pick<BlobStore, 'put' | 'get' | 'delete'>): Promise<void> {
  const key = `health/${randomUUID()}`;
  const probe = randomBytes(16);
  await store.put(key, probe);
  try {
    if (!(await store.get(key)).equals(probe)) throw new Error('blob probe read back different bytes');
  } finally {
    await store.delete(key);
  }
}
