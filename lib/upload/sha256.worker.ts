// Worker-thread entry of lib/server/documents/background-sha256.ts: hashes
// byte ranges of uploads in shared memory while the request thread is still
// receiving them, on the core the request thread is not using; for a sealing
// job also encrypts them (AES-256-GCM) and writes them to the blob's file.
import { createHash, type Hash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { BatchedFileWriter } from '../server/storage/batched-file-writer';
import { createSealer } from '../server/storage/sealed-format';
import type { TSha256Reply, TSha256Request } from './sha256-protocol';

const port = parentPort;
if (!port) throw new Error('sha256.worker must run as a worker thread');

type TSealing = {
  sealer: ReturnType<typeof createSealer>;
  /** The file, opened, with its writer; rejects when it cannot be opened. */
  opened: Promise<{ handle: FileHandle; writer: BatchedFileWriter }>;
  /** Every write of the job, in order (the header, each range's ciphertext); rejects on the first failure. */
  writes: Promise<void>;
};
type TJob = { hash: Hash; bytes: number; sealing?: TSealing };

const jobs = new Map<number, TJob>();

function reply(message: TSha256Reply): void {
  port!.postMessage(message);
}

function startSealing(file: string, encryptionKey: Uint8Array, aad: string): TSealing {
  const sealer = createSealer(encryptionKey, aad);
  // 'r+': the store created the file; if it is gone (the upload was refused meanwhile), fail rather than leave one behind.
  const opened = open(file, 'r+').then((handle) => ({ handle, writer: new BatchedFileWriter(handle) }));
  const sealing: TSealing = { sealer, opened, writes: Promise.resolve() };
  queueWrite(sealing, sealer.header);
  return sealing;
}

/** Writes `bytes` after everything queued before them; a failure is answered at the digest. */
function queueWrite(sealing: TSealing, bytes: Uint8Array): void {
  sealing.writes = sealing.writes.then(async () => (await sealing.opened).writer.add(bytes));
  sealing.writes.catch(() => undefined);
}

/** Ends a sealing job: the tag written, the file durable and closed; how many bytes it holds. */
async function finishSealing(sealing: TSealing): Promise<number> {
  queueWrite(sealing, sealing.sealer.end());
  const { handle, writer } = await sealing.opened;
  try {
    await sealing.writes;
    await writer.durable();
    return writer.size;
  } finally {
    await writer.settle().catch(() => undefined);
    await handle.close().catch(() => undefined);
  }
}

/** Stops a sealing job and closes its file once its writes have settled (the caller removes the file). */
function dropSealing(sealing: TSealing): void {
  sealing.opened.then(
    async ({ handle, writer }) => {
      await sealing.writes.catch(() => undefined);
      await writer.settle().catch(() => undefined);
      await handle.close().catch(() => undefined);
    },
    () => undefined,
  );
}

port.on('message', (message: TSha256Request) => {
  if (message.type === 'abort') {
    const sealing = jobs.get(message.id)?.sealing;
    jobs.delete(message.id);
    if (sealing) dropSealing(sealing);
    return;
  }
  let job = jobs.get(message.id);
  if (!job) {
    job = { hash: createHash('sha256'), bytes: 0 };
    jobs.set(message.id, job);
  }
  if (message.type === 'seal') {
    job.sealing = startSealing(message.file, message.encryptionKey, message.aad);
    // A file that cannot be opened is answered at the digest; until then it only must not go unhandled.
    job.sealing.opened.catch(() => undefined);
    return;
  }
  if (message.type === 'update') {
    const range = new Uint8Array(message.buffer, message.from, message.to - message.from);
    job.hash.update(range);
    job.bytes += range.length;
    const sealing = job.sealing;
    if (sealing) {
      // Encrypted now, in the order the ranges came; written when the writes before it are done.
      queueWrite(sealing, sealing.sealer.update(range));
    }
    return;
  }
  jobs.delete(message.id);
  const { id } = message;
  const sha256 = job.hash.digest('hex');
  const { bytes, sealing } = job;
  if (!sealing) {
    reply({ id, sha256, bytes });
    return;
  }
  finishSealing(sealing).then(
    (sealedBytes) => reply({ id, sha256, bytes, sealedBytes }),
    // The file was closed on the way out (or never opened); the caller removes it.
    (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
