import 'server-only';

/**
 * SharedArrayBuffers of finished uploads, kept for the next ones. Fresh memory
 * costs a page fault per 4 KB on first write: copying 10 MB into a new buffer
 * takes 7-8 ms on this project's VM, into a reused one 1.4 ms, on the request
 * thread. The pool keeps at most `capacity` buffers (the largest ones: a small
 * upload fits in a big buffer, not the reverse); callers view only the bytes
 * they wrote, so what a buffer held before is never read.
 */
export class SharedBufferPool {
  private readonly free: SharedArrayBuffer[] = [];

  constructor(private readonly capacity: number) {}

  /** A buffer of at least `size` bytes: the smallest free one that fits, else a new one exactly that size. */
  take(size: number): SharedArrayBuffer {
    let best = -1;
    this.free.forEach((buffer, index) => {
      if (buffer.byteLength >= size && (best === -1 || buffer.byteLength < this.free[best]!.byteLength)) best = index;
    });
    return best === -1 ? new SharedArrayBuffer(size) : this.free.splice(best, 1)[0]!;
  }

  /** Hands a buffer back; nothing may read or write it afterwards. */
  give(buffer: SharedArrayBuffer): void {
    if (this.free.includes(buffer)) return;
    this.free.push(buffer);
    this.free.sort((a, b) => b.byteLength - a.byteLength);
    this.free.length = Math.min(this.free.length, this.capacity);
  }

  /** Bytes held while idle. */
  get heldBytes(): number {
    return this.free.reduce((sum, buffer) => sum + buffer.byteLength, 0);
  }
}

const holder = globalThis as typeof globalThis & { signetUploadBuffers?: SharedBufferPool };

/** The process-wide pool of upload buffers: two, so at most 2 × the upload size limit (50 MB by default) stays held. */
export function uploadBufferPool(): SharedBufferPool {
  holder.signetUploadBuffers ??= new SharedBufferPool(2);
  return holder.signetUploadBuffers;
}
