import 'server-only';
import { AppError } from '@/lib/errors';
import { Semaphore } from '@/lib/server/concurrency/semaphore';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { workingPdfBlob } from './working-pdf-blob';
import { bytesBody } from './bytes-body';

/**
 * A download holds its PDF decrypted in memory (AES-GCM is verified only at the
 * end, so nothing is sent before the whole blob is read) from the read until
 * its last byte is sent: about twice the file's size while it is read, once
 * while it is sent. At most 4 are held at once, 32 more wait up to 30 s; past
 * that a download answers 503 with Retry-After instead of growing the server's
 * memory without bound. Shared by the owner's downloads and the signer's page.
 */
const holder = globalThis as typeof globalThis & { signetPdfReads?: Semaphore };
function pdfReads(): Semaphore {
  holder.signetPdfReads ??= new Semaphore(4, {
    maxWaiting: 32,
    maxWaitMs: 30_000,
    busy: () =>
      new AppError('SERVICE_UNAVAILABLE', 'The server is busy sending other documents; try again in a few seconds.', {
        retryAfterSeconds: 5,
      }),
  });
  return holder.signetPdfReads;
}

export type TPdfReadDeps = { store?: Pick<BlobStore, 'get'>; reads?: Semaphore; stallMs?: number };
type TPdfDocument = Parameters<typeof workingPdfBlob>[0] & { name: string };

/**
 * The decrypted working PDF of a document the caller has already authorized.
 * `body` holds a download slot until it has been read to its end, cancelled,
 * or left unread too long (see bytesBody): hand it to a Response, or cancel it.
 */
export async function readDocumentPdf(document: TPdfDocument, deps: TPdfReadDeps = {}) {
  return readStoredPdf(workingPdfBlob(document).key, document.name, deps);
}

/** Any stored PDF of a document (the sealed one, its certificate) through the same bounded reader. */
export async function readStoredPdf(key: string, name: string, deps: TPdfReadDeps = {}) {
  const store = deps.store ?? getBlobStore();
  const release = await (deps.reads ?? pdfReads()).acquire();
  let bytes: Buffer;
  try {
    bytes = await store.get(key);
  } catch (error) {
    release();
    throw error;
  }
  return { name, size: bytes.byteLength, body: bytesBody(bytes, { onDone: release, stallMs: deps.stallMs }) };
}
