/**
 * The first message a worker of lib/server/concurrency/worker-pool.ts sends,
 * once its modules are loaded: the pool gives it a job only then, so a job's
 * time budget never includes the thread's start (a fresh worker after one was
 * terminated, or tsx compiling TypeScript when run from source).
 */
export const WORKER_READY = 'signet:worker-ready';
