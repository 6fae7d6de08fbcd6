import 'server-only';
import { AppError } from '@/lib/errors';

// The interface every driver implements; the factory that picks one is
// get-blob-store.ts, so the drivers import this file without a cycle.

export type TBlobInput = Uint8Array | AsyncIterable<Uint8Array>;
/** `sha256` is empty when the put was told `skipSha256`. */
export type TStoredBlob = { key: string; size: number; sha256: string };

export type TPutOptions = {
  /** The caller hashes the same bytes itself (off the request thread, see background-sha256.ts): the store does not. */
  skipSha256?: boolean;
};

/**
 * A blob sealed and written by someone else than the store: a worker thread
 * that already holds the bytes (see background-sha256.ts). The writer opens
 * `file` (it exists, empty; the writer must not create it), writes the sealed
 * format of ./sealed-format with `encryptionKey` and `aad`, and makes it
 * durable (datasync) before the caller commits.
 */
export type TSealedWrite = {
  file: string;
  encryptionKey: Uint8Array;
  aad: string;
  /** Publishes the file as the blob after checking its size against the plaintext's; on failure nothing is left. */
  commit(plaintextBytes: number): Promise<void>;
  /** Removes the file: the blob was not stored. */
  discard(): Promise<void>;
};

/** Where document bytes live. Every driver encrypts or relies on encryption at rest. */
export interface BlobStore {
  readonly driver: 'local' | 's3';
  /** Stores the bytes under key atomically: a failed put leaves nothing behind. */
  put(key: string, data: TBlobInput, options?: TPutOptions): Promise<TStoredBlob>;
  /** The plaintext bytes; AppError NOT_FOUND when absent, INTERNAL when tampered with. */
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Throws when the store cannot write, read back and delete a probe. */
  health(): Promise<void>;
  /** Every blob whose key starts with prefix, with when it was last written (the sweeper's view). */
  list(prefix: string): AsyncIterable<TListedBlob>;
  /**
   * Offered by stores that keep blobs in local files: lets a writer on another
   * thread seal and write a blob itself (see TSealedWrite). Stores without it
   * take every blob through put.
   */
  prepareSealedWrite?(key: string): Promise<TSealedWrite>;
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
