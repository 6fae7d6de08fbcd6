import 'server-only';

const CHUNK = 1024 * 1024;
/** A body nobody takes a chunk of for this long (a client gone before the response was piped) is dropped. */
const STALL_MS = 60_000;

/**
 * The response body for bytes already in memory: a stream of views on them,
 * a megabyte at a time. Nothing is copied (a `new Uint8Array(buffer)` body
 * would copy the whole file once more). `onDone` is called once, when the
 * reader has taken the last view, cancels, or the stream fails: also when no
 * chunk was taken for `stallMs`, since a response Next never pipes (the client
 * left first, a HEAD) is neither read nor cancelled.
 */
export function bytesBody(
  bytes: Uint8Array,
  { onDone = () => undefined, stallMs = STALL_MS }: { onDone?: () => void; stallMs?: number } = {},
) {
  let at = 0;
  let done = false;
  let stall: NodeJS.Timeout | undefined;
  const finish = () => {
    clearTimeout(stall);
    if (!done) onDone();
    done = true;
  };
  const watch = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    clearTimeout(stall);
    stall = setTimeout(() => {
      controller.error(new Error(`the download was not read for ${stallMs} ms`));
      finish();
    }, stallMs);
    stall.unref();
  };
  return new ReadableStream<Uint8Array>({
    start: watch,
    pull(controller) {
      // Closed only on the pull after the last view: the reader has taken it by then, so the slot is held until it was sent.
      if (at >= bytes.byteLength) {
        controller.close();
        finish();
        return;
      }
      const view = new Uint8Array(bytes.buffer, bytes.byteOffset + at, Math.min(CHUNK, bytes.byteLength - at));
      at += view.byteLength;
      controller.enqueue(view);
      watch(controller);
    },
    cancel: finish,
  });
}
