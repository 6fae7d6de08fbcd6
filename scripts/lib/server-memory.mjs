// The environment the server process starts with, for its memory: glibc's malloc keeps a freed block
// in its heap, unless it was mapped on its own, and raises the size it maps on its own to that of
// each block freed (up to 32 MB). A server that reads and writes 10 MB PDFs then keeps every freed
// PDF-sized buffer in its resident memory: finalizing three such documents peaked at 354–425 MB.
// A fixed threshold of 1 MB maps every large buffer on its own and returns it when freed (320–330
// MB; bench/README.md). An operator's own setting wins; other C libraries ignore the variable.
export const SERVER_MEMORY_ENV = { MALLOC_MMAP_THRESHOLD_: '1048576' };

/** `env` with the server's memory settings added where it has none of its own. */
export function withServerMemoryEnv(env) {
  return { ...SERVER_MEMORY_ENV, ...env };
}
