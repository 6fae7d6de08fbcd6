import 'server-only';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Reads what the converter wrote, or undefined when it is not a plain file
 * of at most `maxBytes`: O_NOFOLLOW refuses a symbolic link a hostile
 * document planted in place of the output (it must not make us read another
 * file), O_NONBLOCK keeps a planted FIFO from hanging us, and the size is
 * checked on the opened file, not on a name that could change.
 */
export async function readOutputFile(file: string, maxBytes: number): Promise<Buffer | undefined> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    () => undefined,
  );
  if (!handle) return undefined;
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size === 0 || stat.size > maxBytes) return undefined;
    const bytes = Buffer.alloc(stat.size);
    const { bytesRead } = await handle.read(bytes, 0, stat.size, 0);
    return bytesRead === stat.size ? bytes : undefined;
  } finally {
    await handle.close();
  }
}
