// Worker-thread entry of lib/server/images/image-reencoder.ts: re-encodes the
// image it is sent and answers with the new bytes or the refusal. Bytes travel
// by transfer, not copy.
import { parentPort } from 'node:worker_threads';
import { isAppError } from '@/lib/errors';
import { WORKER_READY } from '@/lib/worker-ready';
import type { TReencodeReply, TReencodeRequest } from './reencode-image-protocol';
import { reencodeImage } from './reencode-image';

const port = parentPort;
if (!port) throw new Error('reencode-image.worker must run as a worker thread');

port.on('message', ({ bytes, type, maxPixels }: TReencodeRequest) => {
  let reply: TReencodeReply;
  try {
    const image = reencodeImage(bytes, type, maxPixels);
    // Only a buffer of its own is moved: a small Buffer may be a view on Node's shared pool.
    const own =
      image.bytes.byteOffset === 0 && image.bytes.byteLength === image.bytes.buffer.byteLength
        ? image.bytes
        : new Uint8Array(image.bytes);
    reply = { ok: true, bytes: own, width: image.width, height: image.height };
  } catch (error) {
    reply = isAppError(error)
      ? { ok: false, code: error.code, detail: error.detail }
      : { ok: false, code: null, detail: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, reply.ok ? [reply.bytes.buffer as ArrayBuffer] : []);
});

// Loaded (the pool replaces a worker at once only if it got this far).
port.postMessage(WORKER_READY);
