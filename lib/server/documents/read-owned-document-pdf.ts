import 'server-only';
import { AppError } from '@/lib/errors';
import { db, type TDbClient } from '@/lib/server/db/client';
import { Semaphore } from '@/lib/server/office/semaphore';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { workingPdfBlob } from './create-document-from-upload';
import { findOwnedDocument } from './find-owned-document';

/**
 * A download holds its PDF decrypted in memory (AES-GCM is verified only at the
 * end, so nothing is sent before the whole blob is read): about twice the
 * file's size while it is read. At most 4 are read at once, 32 more wait up to
 * 30 s; past that a download answers 503 with Retry-After instead of growing
 * the server's memory without bound.
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

/** The decrypted working PDF (see workingPdfBlob) of an owned document, or null for anyone else. */
export async function readOwnedDocumentPdf(
  token: string,
  ownerId: string,
  deps: { client?: TDbClient; store?: Pick<BlobStore, 'get'>; reads?: Semaphore } = {},
) {
  const document = await findOwnedDocument(token, ownerId, deps.client ?? db);
  if (!document) return null;
  const blob = workingPdfBlob(document);
  const store = deps.store ?? getBlobStore();
  return { name: document.name, bytes: await (deps.reads ?? pdfReads()).run(() => store.get(blob.key)) };
}

const CHUNK = 1024 * 1024;

/**
 * The response body for bytes already in memory: a stream of views on them,
 * a megabyte at a time. Nothing is copied (a `new Uint8Array(buffer)` body
 * would copy the whole file once more), and the bytes are released when the
 * last view is sent.
 */
export function bytesBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const view = new Uint8Array(bytes.buffer, bytes.byteOffset + at, Math.min(CHUNK, bytes.byteLength - at));
      at += view.byteLength;
      controller.enqueue(view);
      if (at >= bytes.byteLength) controller.close();
    },
  });
}
