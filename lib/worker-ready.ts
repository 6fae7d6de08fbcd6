/**
 * The first message a worker of lib/server/concurrency/worker-pool.ts sends,
 * once its modules are loaded. A worker stopped after that (a file past its
 * memory or time budget) is replaced at once, so the next request finds one
 * loaded; one that never got that far (a broken entry) is not, or it would
 * be restarted in a loop.
 */
export const WORKER_READY = 'signet:worker-ready';
