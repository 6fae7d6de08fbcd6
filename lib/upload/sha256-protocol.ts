/**
 * What lib/server/documents/background-sha256.ts and its worker
 * (sha256.worker.ts) say to each other. A job hashes byte ranges of shared
 * memory, in the order they are sent; ranges of one job may lie in different
 * buffers (an upload's buffer grows by copying), but they follow each other.
 * A job that starts with `seal` also encrypts the same ranges into `file` in
 * the blob store's sealed format, and makes the file durable before it answers.
 */
export type TSha256Request =
  | { type: 'seal'; id: number; file: string; encryptionKey: Uint8Array; aad: string }
  | { type: 'update'; id: number; buffer: SharedArrayBuffer; from: number; to: number }
  | { type: 'digest'; id: number }
  | { type: 'abort'; id: number };

/**
 * The digest of a job, and how many bytes went into it (the caller checks it
 * against what it received); for a sealing job also how many bytes the sealed
 * file holds. `error` instead when the job failed (its file could not be written).
 */
export type TSha256Reply = { id: number; sha256: string; bytes: number; sealedBytes?: number } | { id: number; error: string };
