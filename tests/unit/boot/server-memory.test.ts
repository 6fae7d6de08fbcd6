import { describe, expect, it } from 'vitest';
import { SERVER_MEMORY_ENV, withServerMemoryEnv } from '@/scripts/lib/server-memory.mjs';

describe('the server process memory settings (scripts/boot.ts starts the server with them)', () => {
  it('maps buffers of 1 MB and more on their own, so a freed PDF buffer leaves resident memory', () => {
    expect(withServerMemoryEnv({ PORT: '3000' })).toEqual({ PORT: '3000', MALLOC_MMAP_THRESHOLD_: '1048576' });
    expect(SERVER_MEMORY_ENV).toEqual({ MALLOC_MMAP_THRESHOLD_: '1048576' });
  });

  it("keeps an operator's own setting", () => {
    expect(withServerMemoryEnv({ MALLOC_MMAP_THRESHOLD_: '262144' }).MALLOC_MMAP_THRESHOLD_).toBe('262144');
  });
});
