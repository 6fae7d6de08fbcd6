/**
 * What lib/server/documents/background-sha256.ts and its worker
 * (sha256.worker.ts) say to each other. A job hashes byte ranges of shared
 * memory, in the order they are sent; ranges of one job may lie in different
 * buffers (an upload's buffer grows by copying), but they follow each other.
 */
export type TSha256Request =
  | { type: 'update'; id: number; buffer: SharedArrayBuffer; from: number; to: number }
  | { type: 'digest'; id: number }
  | { type: 'abort'; id: number };

/** The digest of a job, and how many bytes went into it (the caller checks it against what it received). */
export type TSha256Reply = { id: number; sha256: string; bytes: number };
