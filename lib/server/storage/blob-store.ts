import 'server-only';
import { AppError } from '@/lib/errors';

// The interface every driver implements; the factory that picks one is
// get-blob-store.ts, so the drivers import this file without a cycle.

export type TBlobInput = Uint8Array | AsyncIterable<Uint8Array>;
export type TStoredBlob = { key: string; size: number; sha256: string };

/** Where document bytes live. Every driver encrypts or relies on encryption at rest. */
export interface BlobStore {
  readonly driver: 'local' | 's3';
  /** Stores the bytes under key atomically: a failed put leaves nothing behind. */
  put(key: string, data: TBlobInput): Promise<TStoredBlob>;
  /** The plaintext bytes; AppError NOT_FOUND when absent, INTERNAL when tampered with. */
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Throws when the store cannot write, read back and delete a probe. */
  health(): Promise<void>;
  /** Every blob whose key starts with prefix, with when it was last written (the sweeper's view). */
  list(prefix: string): AsyncIterable<TListedBlob>;
  /** Removes half-written parts a crash left behind, older than the cutoff; how many. */
  removeStaleParts(olderThan: Date): Promise<number>;
}

export type TListedBlob = { key: string; modified: Date };

const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function assertBlobKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..')) {
    throw new AppError('INVALID_INPUT', `Invalid blob key: ${JSON.stringify(key)}`);
  }
}
