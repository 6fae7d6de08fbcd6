import 'server-only';
import { AppError } from '@/lib/errors';
import { Semaphore } from '@/lib/server/concurrency/semaphore';
import { db, type TDbClient } from '@/lib/server/db/client';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { workingPdfBlob } from './create-document-from-upload';
import { findOwnedDocument } from './find-owned-document';

/**
 * A download holds its PDF decrypted in memory (AES-GCM is verified only at the
 * end, so nothing is sent before the whole blob is read) from the read until
 * its last byte is sent: about twice the file's size while it is read, once
 * while it is sent. At most 4 are held at once, 32 more wait up to 30 s; past
 * that a download answers 503 with Retry-After instead of growing the server's
 * memory without bound.
 */
const holder = globalThis as typeof globalThis & { signetPdfReads?: Semaphore };
function pdfReads(): Semaphore {
  holder.signetPdfReads ??= new Semaphore(4, {
    maxWaiting: 32,
    maxWaitMs: 30_000,
    busy: () => new AppError('SERVICE_UNAVAILABLE', 'The server is busy sending other documents; try again in a few seconds.', { retryAfterSeconds: 5 }),
  });
  return holder.signetPdfReads;
}

/**
 * The decrypted working PDF (see workingPdfBlob) of an owned document, or null
 * for anyone else. `body` holds a download slot until it has been read to its
 * end, cancelled, or left unread too long (see bytesBody): hand it to a
 * Response, or cancel it.
 */
export async function readOwnedDocumentPdf(
  token: string,
  ownerId: string,
  deps: { client?: TDbClient; store?: Pick<BlobStore, 'get'>; reads?: Semaphore; stallMs?: number } = {},
) {
  const document = await findOwnedDocument(token, ownerId, deps.client ?? db);
  if (!document) return null;
  const blob = workingPdfBlob(document);
  const store = deps.store ?? getBlobStore();
  const release = await (deps.reads ?? pdfReads()).acquire();
  let bytes: Buffer;
  try {
    bytes = await store.get(blob.key);
  } catch (error) {
    release();
    throw error;
  }
  return { name: document.name, size: bytes.byteLength, body: bytesBody(bytes, { onDone: release, stallMs: deps.stallMs }) };
}

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
export function bytesBody(bytes: Uint8Array, { onDone = () => undefined, stallMs = STALL_MS }: { onDone?: () => void; stallMs?: number } = {}) {
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
