// Worker-thread entry of lib/server/documents/background-sha256.ts: hashes
// byte ranges of uploads in shared memory while the request thread is still
// receiving them, on the core the request thread is not using.
import { createHash, type Hash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import type { TSha256Reply, TSha256Request } from './sha256-protocol';

const port = parentPort;
if (!port) throw new Error('sha256.worker must run as a worker thread');

const jobs = new Map<number, { hash: Hash; bytes: number }>();

port.on('message', (message: TSha256Request) => {
  if (message.type === 'abort') {
    jobs.delete(message.id);
    return;
  }
  let job = jobs.get(message.id);
  if (!job) {
    job = { hash: createHash('sha256'), bytes: 0 };
    jobs.set(message.id, job);
  }
  if (message.type === 'update') {
    job.hash.update(new Uint8Array(message.buffer, message.from, message.to - message.from));
    job.bytes += message.to - message.from;
    return;
  }
  jobs.delete(message.id);
  port.postMessage({ id: message.id, sha256: job.hash.digest('hex'), bytes: job.bytes } satisfies TSha256Reply);
});
