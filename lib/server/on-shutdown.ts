import 'server-only';

/**
 * Work to finish before the server process exits. The production server's
 * signal handler (scripts/lib/graceful-exit.mjs, a plain script outside Next's
 * bundles) runs every hook on SIGTERM/SIGINT and exits once they settle, so
 * the hooks live on globalThis under a shared symbol.
 */
const HOOKS = Symbol.for('signet.shutdownHooks');

type THook = () => Promise<void>;

export function onShutdown(hook: THook): void {
  const holder = globalThis as unknown as Record<symbol, Set<THook> | undefined>;
  (holder[HOOKS] ??= new Set()).add(hook);
}
