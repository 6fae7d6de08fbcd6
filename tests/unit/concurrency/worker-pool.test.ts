import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { type TWorkerPoolOptions, WorkerPool, workerCopy } from '@/lib/server/concurrency/worker-pool';
import { WORKER_READY } from '@/lib/worker-ready';

/**
 * A worker answering `{ op }` messages: `echo` sends `value` back, `spin` never
 * ends (busy on its thread), `hoard` keeps allocating until its heap runs out,
 * `crash` exits the thread, `wait` answers after `ms`, `grow` keeps about `mb` MB of heap, `sum` adds up the bytes it got.
 * Like every pool worker, it says when it is ready.
 */
const SCRIPT = `
const { parentPort } = require('node:worker_threads');
const kept = [];
parentPort.on('message', (message) => {
  if (message.op === 'echo') parentPort.postMessage({ value: message.value, thread: require('node:worker_threads').threadId });
  if (message.op === 'spin') for (;;) {}
  if (message.op === 'hoard') for (;;) kept.push(new Array(100000).fill({ a: 1 }));
  if (message.op === 'crash') process.exit(3);
  if (message.op === 'wait') setTimeout(() => parentPort.postMessage({ value: 'waited' }), message.ms);
  if (message.op === 'grow') {
    for (let mb = 0; mb < message.mb; mb += 1) kept.push(new Array(128 * 1024).fill(mb + 0.5));
    parentPort.postMessage({ value: 'grown' });
  }
  if (message.op === 'sum') parentPort.postMessage({ value: message.bytes.reduce((a, b) => a + b, 0) });
});
parentPort.postMessage(${JSON.stringify(WORKER_READY)});`;

type TRequest = { op: string; value?: unknown; ms?: number; mb?: number; bytes?: Uint8Array };
type TReply = { value: unknown; thread?: number };

const errors = {
  busy: () => Object.assign(new Error('busy'), { kind: 'busy' }),
  timedOut: (ms: number) => Object.assign(new Error(`timed out after ${ms} ms`), { kind: 'timedOut' }),
  outOfMemory: () => Object.assign(new Error('out of memory'), { kind: 'outOfMemory' }),
  failed: (what: string) => Object.assign(new Error(`failed: ${what}`), { kind: 'failed' }),
};

const pools: WorkerPool<TRequest, TReply>[] = [];
let spawned = 0;
let exited: Promise<number>[] = [];
function pool(options: Partial<TWorkerPoolOptions> = {}) {
  spawned = 0;
  exited = [];
  const created = new WorkerPool<TRequest, TReply>(
    ({ resourceLimits }) => {
      spawned += 1;
      const worker = new Worker(SCRIPT, { eval: true, resourceLimits });
      exited.push(new Promise((resolve) => worker.once('exit', resolve)));
      return worker;
    },
    { workers: 1, maxHeapMb: 64, timeoutMs: 30_000, maxQueue: 8, maxWaitMs: 30_000, ...options },
    errors,
  );
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((item) => item.close()));
});

describe('WorkerPool', () => {
  it('answers each job with its worker’s reply, reusing an idle worker', async () => {
    const workers = pool();
    const first = await workers.run({ op: 'echo', value: 1 });
    const second = await workers.run({ op: 'echo', value: 2 });
    expect([first.value, second.value]).toEqual([1, 2]);
    expect(second.thread).toBe(first.thread);
  });

  it('an idle worker is stopped after idleMs (its heap goes with it), a busy one is not; the next job starts a new one', async () => {
    const workers = pool({ idleMs: 300 });
    // A job longer than idleMs: the worker is busy, not idle, all along.
    expect((await workers.run({ op: 'wait', ms: 600 })).value).toBe('waited');
    expect(spawned).toBe(1);
    await exited[0];
    const next = await workers.run({ op: 'echo', value: 'again' });
    expect(next.value).toBe('again');
    expect(spawned).toBe(2);
  });

  it('a worker a job left with a large heap is stopped once the job is done (not after idleMs); a small one stays', async () => {
    const workers = pool({ maxHeapMb: 256, recycleHeapMb: 48 });
    expect((await workers.run({ op: 'grow', mb: 8 })).value).toBe('grown');
    const small = await workers.run({ op: 'echo', value: 'small' });
    expect(spawned).toBe(1);
    expect((await workers.run({ op: 'grow', mb: 96 })).value).toBe('grown');
    // idleMs is a minute: only the heap check can stop it this soon.
    expect(
      await Promise.race([exited[0], new Promise((resolve) => setTimeout(() => resolve('still running'), 5000))]),
    ).toBe(1);
    const next = await workers.run({ op: 'echo', value: 'again' });
    expect(next.value).toBe('again');
    expect(spawned).toBe(2);
    expect(next.thread).not.toBe(small.thread);
  });

  it('a job that runs past its budget: its worker is terminated, the job fails with timedOut, a fresh worker (started at once) takes the next job', async () => {
    const workers = pool({ timeoutMs: 2000 });
    const before = await workers.run({ op: 'echo', value: 'before' });
    await expect(workers.run({ op: 'spin' })).rejects.toMatchObject({
      kind: 'timedOut',
      message: 'timed out after 2000 ms',
    });
    // Its replacement is already loading before anyone asks: the next request does not wait for it to start.
    expect(spawned).toBe(2);
    const after = await workers.run({ op: 'echo', value: 'after' });
    expect(spawned).toBe(2);
    expect(after.value).toBe('after');
    expect(after.thread).not.toBe(before.thread);
  });

  it('a worker’s start-up does not eat the job’s budget: the budget runs from the moment the worker is loaded', async () => {
    // This worker takes 600 ms to load; its job then takes 100 ms, within a 400 ms budget.
    const slow = new WorkerPool<TRequest, TReply>(
      ({ resourceLimits }) =>
        new Worker(`const started = Date.now(); while (Date.now() - started < 600) {}\n${SCRIPT}`, {
          eval: true,
          resourceLimits,
        }),
      { workers: 1, maxHeapMb: 64, timeoutMs: 400, maxQueue: 8, maxWaitMs: 30_000 },
      errors,
    );
    pools.push(slow);
    await expect(slow.run({ op: 'wait', ms: 100 })).resolves.toEqual({ value: 'waited' });
    // Loaded, the budget still holds.
    await expect(slow.run({ op: 'wait', ms: 2000 })).rejects.toMatchObject({ kind: 'timedOut' });
  });

  it('the request thread stays free while a worker spins: a timer set after the job started fires before the job ends', async () => {
    const workers = pool({ timeoutMs: 1000 });
    await workers.run({ op: 'echo', value: 'warm' });
    const order: string[] = [];
    const job = workers.run({ op: 'spin' }).catch(() => order.push('job ended'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    order.push('timer fired');
    await job;
    expect(order).toEqual(['timer fired', 'job ended']);
  });

  it('a job that exhausts its heap fails with outOfMemory, and the process and the pool go on', async () => {
    const workers = pool({ maxHeapMb: 32 });
    await expect(workers.run({ op: 'hoard' })).rejects.toMatchObject({ kind: 'outOfMemory' });
    await expect(workers.run({ op: 'echo', value: 'alive' })).resolves.toMatchObject({ value: 'alive' });
  }, 60_000);

  it('a worker that exits fails its job, and is replaced', async () => {
    const workers = pool();
    await expect(workers.run({ op: 'crash' })).rejects.toMatchObject({ kind: 'failed', message: 'failed: exited (3)' });
    await expect(workers.run({ op: 'echo', value: 'again' })).resolves.toMatchObject({ value: 'again' });
    expect(spawned).toBe(2);
  });

  it('a full queue refuses at once with busy, and so does a wait past maxWaitMs', async () => {
    const workers = pool({ maxQueue: 1, maxWaitMs: 30_000 });
    const running = workers.run({ op: 'wait', ms: 300 });
    const queued = workers.run({ op: 'echo', value: 'queued' });
    await expect(workers.run({ op: 'echo', value: 'refused' })).rejects.toMatchObject({ kind: 'busy' });
    await expect(Promise.all([running, queued])).resolves.toEqual([
      { value: 'waited' },
      expect.objectContaining({ value: 'queued' }),
    ]);

    const impatient = pool({ maxQueue: 8, maxWaitMs: 20 });
    const long = impatient.run({ op: 'wait', ms: 300 });
    await expect(impatient.run({ op: 'echo', value: 'late' })).rejects.toMatchObject({ kind: 'busy' });
    await expect(long).resolves.toEqual({ value: 'waited' });
  });

  it('runs as many jobs at once as it has workers, each on its own thread', async () => {
    const workers = pool({ workers: 2 });
    const order: string[] = [];
    const slow = workers.run({ op: 'wait', ms: 300 }).then(() => order.push('slow'));
    const fast = workers.run({ op: 'echo', value: 'fast' }).then(() => order.push('fast'));
    await Promise.all([slow, fast]);
    expect(order).toEqual(['fast', 'slow']);
  });

  it('moves bytes to a worker without taking the caller’s: shared memory as it is, anything else as a copy of just the view', async () => {
    const workers = pool();
    const shared = new Uint8Array(new SharedArrayBuffer(8), 2, 3);
    shared.set([1, 2, 3]);
    const viaShared = workerCopy(shared);
    expect(viaShared).toEqual({ message: shared, transfer: [] });
    await expect(workers.run({ op: 'sum', bytes: viaShared.message }, viaShared.transfer)).resolves.toEqual({
      value: 6,
    });

    const pooled = Buffer.from([4, 5, 6]);
    const copied = workerCopy(pooled);
    expect(copied.transfer).toEqual([copied.message.buffer]);
    expect(copied.message.buffer.byteLength).toBe(3);
    await expect(workers.run({ op: 'sum', bytes: copied.message }, copied.transfer)).resolves.toEqual({ value: 15 });
    expect([...pooled]).toEqual([4, 5, 6]);
  });
});

it('a worker that cannot start is not restarted in a loop: the job fails, the next job tries once more', async () => {
  let starts = 0;
  const broken = new WorkerPool<TRequest, TReply>(
    ({ resourceLimits }) => {
      starts += 1;
      return new Worker('process.exit(7)', { eval: true, resourceLimits });
    },
    { workers: 1, maxHeapMb: 64, timeoutMs: 1000, maxQueue: 8, maxWaitMs: 1000 },
    errors,
  );
  pools.push(broken);
  await expect(broken.run({ op: 'echo' })).rejects.toMatchObject({ kind: 'failed', message: 'failed: exited (7)' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(starts).toBe(1);
  await expect(broken.run({ op: 'echo' })).rejects.toMatchObject({ kind: 'failed' });
  expect(starts).toBe(2);
});
