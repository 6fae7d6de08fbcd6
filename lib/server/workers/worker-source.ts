import 'server-only';

/**
 * The script of a worker whose entry is TypeScript run from source (unit
 * tests, benches): tsx's loader is registered first. Under Next the entry is
 * bundled into JavaScript instead (Next recognises the exact
 * `new Worker(new URL(…, import.meta.url))` at the call site).
 */
export function workerFromSource(entry: URL): string {
  return `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
}
