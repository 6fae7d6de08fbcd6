// How the production server (scripts/serve.mjs) stops on SIGTERM/SIGINT: it
// stops accepting connections, runs the shutdown hooks the app registered
// (lib/server/on-shutdown.ts: the job runner drains its running
// jobs for JOB_SHUTDOWN_GRACE_MS, then gives the rest back to the queue),
// waits briefly for open requests, and exits. A backstop timer makes sure a
// hook that hangs cannot keep the process from exiting.
const HOOKS = Symbol.for('signet.shutdownHooks');
const REQUESTS_CLOSE_MS = 5_000;

/** @param {string} msg @param {Record<string, unknown>} [data] */
function log(msg, data = {}) {
  console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...data }));
}

/**
 * @param {{ server?: import('node:http').Server, backstopMs: number }} options
 */
export function installGracefulExit({ server, backstopMs }) {
  let stopping = false;
  /** @param {NodeJS.Signals} signal */
  async function stop(signal) {
    // Ctrl-C reaches this process twice (from the terminal and forwarded by boot.ts): drain once.
    if (stopping) return;
    stopping = true;
    log('shutting down: draining', { signal });
    setTimeout(() => {
      console.error(
        JSON.stringify({ level: 'error', msg: `shutdown did not finish within ${backstopMs} ms; exiting` }),
      );
      process.exit(1);
    }, backstopMs).unref();
    const closed = new Promise((resolve) => (server ? server.close(() => resolve(undefined)) : resolve(undefined)));
    server?.closeIdleConnections();
    /** @type {Set<() => Promise<void>>} */
    const hooks = /** @type {any} */ (globalThis)[HOOKS] ?? new Set();
    await Promise.allSettled([...hooks].map((hook) => hook()));
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, REQUESTS_CLOSE_MS).unref())]);
    log('shut down');
    process.exit(0);
  }
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => void stop(signal));
}
