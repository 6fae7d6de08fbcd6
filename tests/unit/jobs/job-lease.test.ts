// The lease a runner holds on a running job: renewed while the handler runs,
// lost to another runner, and the only key under which the outcome is written.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { defineJob, type TJobContext } from '@/lib/server/jobs/define-job';
import { JobAbortedError } from '@/lib/server/jobs/job-lease';
import { JobRunner } from '@/lib/server/jobs/job-runner';
import { registerJob } from '@/lib/server/jobs/registry';

let client: TDbClient;

/** A handler the test ends by hand: resolve/reject its gate; what it saw is kept. */
type TGate = {
  started: boolean;
  context?: TJobContext;
  finish: () => void;
  fail: (error: Error) => void;
  done: Promise<void>;
};
const gates = new Map<string, TGate>();
let runs = 0;

function gate(name: string): TGate {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const created: TGate = { started: false, finish, fail, done };
  gates.set(name, created);
  return created;
}

beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'error');
  const url = `file:${path.join(mkdtempSync(path.join(tmpdir(), 'signet-lease-')), 'jobs.db')}`;
  await migrateDatabase(url);
  client = createPrismaClient(url);
  registerJob(
    defineJob({
      queue: 'lease.gate',
      schema: z.string(),
      handler: async (payload, context) => {
        runs += 1;
        const held = gates.get(payload)!;
        held.started = true;
        held.context = context;
        await held.done;
      },
    }),
  );
  // Honours its signal: returns as soon as it is aborted.
  registerJob(
    defineJob({
      queue: 'lease.abortable',
      schema: z.string(),
      handler: async (payload, context) => {
        runs += 1;
        const held = gates.get(payload)!;
        held.started = true;
        held.context = context;
        await new Promise<void>((resolve, reject) => {
          void held.done.then(resolve, reject);
          context.signal.addEventListener('abort', () => reject(context.signal.reason as Error), { once: true });
        });
      },
    }),
  );
});

afterAll(async () => {
  for (const held of gates.values()) held.finish();
  await client.$disconnect();
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  runs = 0;
  await client.job.deleteMany();
});

function runner(workerId: string, leaseMs = 60_000) {
  return new JobRunner({ concurrency: 2, pollIntervalMs: 20, workerId, leaseMs, client });
}

async function enqueue(queue: string, name: string) {
  return client.job.create({ data: { queue, payload: JSON.stringify(name) } });
}

const row = (id: string) => client.job.findUniqueOrThrow({ where: { id } });

/** What another runner does when it takes over a job whose lease it saw expire. */
async function takeOver(id: string, by: string) {
  await client.job.update({
    where: { id },
    data: { lockedBy: by, attempts: { increment: 1 }, lockedUntil: new Date(Date.now() + 60_000) },
  });
  return row(id);
}

describe('a stale runner writes nothing', () => {
  it("leaves the new holder's job alone when its handler completes late", async () => {
    const job = await enqueue('lease.gate', 'late-done');
    const held = gate('late-done');
    const a = runner('a');
    expect(await a.tick()).toBe(1);
    await vi.waitFor(() => expect(held.started).toBe(true));
    const takenOver = await takeOver(job.id, 'b');
    held.finish();
    await a.drain();
    expect(await row(job.id)).toEqual(takenOver);
  });

  it("leaves the new holder's job alone when its handler fails late", async () => {
    const job = await client.job.create({ data: { queue: 'lease.gate', payload: '"late-fail"', maxAttempts: 1 } });
    const held = gate('late-fail');
    const a = runner('a');
    await a.tick();
    await vi.waitFor(() => expect(held.started).toBe(true));
    const takenOver = await takeOver(job.id, 'b');
    held.fail(new Error('too late'));
    await a.drain();
    expect(await row(job.id)).toEqual(takenOver);
  });
});

describe('lease renewal', () => {
  it('keeps a job slower than its lease with its runner, so a second runner never starts it', async () => {
    const job = await enqueue('lease.gate', 'slow');
    const held = gate('slow');
    // Renewed every 200 ms: a loaded 2-core machine can stall the event loop for over 100 ms, so a 150 ms
    // lease let the second runner take a job its holder was still renewing.
    const a = runner('a', 600);
    const b = runner('b', 600);
    await a.tick();
    await vi.waitFor(() => expect(held.started).toBe(true));
    for (let i = 0; i < 8; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await b.tick(); // 2 s: over three leases
    }
    const during = await row(job.id);
    expect(during.lockedBy).toBe('a');
    expect(during.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    held.finish();
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toBe(1);
    expect(await row(job.id)).toMatchObject({ status: 'DONE', attempts: 1, lockedBy: null });
  });

  it.each([
    ['another runner', { lockedBy: 'b' }],
    ['a newer attempt of the same runner', { attempts: 2 }],
  ])('aborts the handler once the job is held by %s', async (_, change) => {
    const job = await enqueue('lease.abortable', 'lost');
    const held = gate('lost');
    const a = runner('a', 120);
    await a.tick();
    await vi.waitFor(() => expect(held.started).toBe(true));
    expect(held.context!.signal.aborted).toBe(false);
    const takenOver = await client.job.update({ where: { id: job.id }, data: change });
    await vi.waitFor(() => expect(held.context!.signal.aborted).toBe(true), { timeout: 1000 });
    expect(held.context!.signal.reason).toBeInstanceOf(JobAbortedError);
    expect((held.context!.signal.reason as JobAbortedError).reason).toBe('lease-lost');
    await a.drain();
    expect(await row(job.id)).toEqual(takenOver);
  });
});

describe('stop (graceful shutdown)', () => {
  it('stops claiming and waits for running jobs that finish within the grace period', async () => {
    const job = await enqueue('lease.gate', 'finishes');
    const held = gate('finishes');
    const a = runner('a');
    a.start();
    await vi.waitFor(() => expect(held.started).toBe(true));
    const later = await enqueue('lease.gate', 'never-claimed');
    const stopped = a.stop(5_000);
    setTimeout(() => held.finish(), 200);
    await stopped;
    expect(await row(job.id)).toMatchObject({ status: 'DONE' });
    expect(await row(later.id)).toMatchObject({ status: 'QUEUED', attempts: 0 });
    expect(held.context!.signal.aborted).toBe(false);
  });

  it('aborts a job that outlives the grace period and gives it back to the queue at once', async () => {
    const job = await enqueue('lease.abortable', 'outlives');
    gate('outlives');
    const a = runner('a');
    await a.tick();
    await vi.waitFor(() => expect(gates.get('outlives')!.started).toBe(true));
    const before = Date.now();
    await a.stop(300);
    expect(Date.now() - before).toBeLessThan(2_000);
    const signal = gates.get('outlives')!.context!.signal;
    expect((signal.reason as JobAbortedError).reason).toBe('shutdown');
    const released = await row(job.id);
    expect(released).toMatchObject({ status: 'QUEUED', lockedBy: null, lockedUntil: null, attempts: 1 });
    expect(released.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    // Another runner takes it straight away, without waiting for the old lease.
    gate('outlives').finish();
    const b = runner('b');
    expect(await b.tick()).toBe(1);
    await b.drain();
    expect(await row(job.id)).toMatchObject({ status: 'DONE', attempts: 2 });
  });

  it('gives back a job whose handler ignores the abort, and its late result changes nothing', async () => {
    const job = await enqueue('lease.gate', 'ignores');
    const held = gate('ignores');
    const a = runner('a');
    await a.tick();
    await vi.waitFor(() => expect(held.started).toBe(true));
    await a.stop(100);
    expect(held.context!.signal.aborted).toBe(true);
    const released = await row(job.id);
    expect(released).toMatchObject({ status: 'QUEUED', lockedBy: null });
    held.finish();
    await a.drain();
    expect(await row(job.id)).toEqual(released);
  });
});

describe('claiming an expired lease', () => {
  it('leaves a job whose holder renewed its lease between the query and the claim', async () => {
    const job = await client.job.create({
      data: {
        queue: 'lease.gate',
        payload: '"renewed"',
        status: 'RUNNING',
        attempts: 1,
        lockedBy: 'a',
        lockedUntil: new Date(Date.now() - 1000),
      },
    });
    // The holder renews right after runner b read the expired lease.
    const renewing = new Proxy(client, {
      get(target, property, receiver) {
        if (property !== 'job') return Reflect.get(target, property, receiver) as unknown;
        const jobs = target.job;
        return new Proxy(jobs, {
          get(delegate, name) {
            if (name !== 'findMany')
              return (Reflect.get(delegate, name) as (...args: unknown[]) => unknown).bind(delegate);
            return async (args: Parameters<typeof jobs.findMany>[0]) => {
              const rows = await jobs.findMany(args);
              await jobs.update({ where: { id: job.id }, data: { lockedUntil: new Date(Date.now() + 60_000) } });
              return rows;
            };
          },
        });
      },
    });
    const b = new JobRunner({ concurrency: 1, pollIntervalMs: 20, workerId: 'b', leaseMs: 60_000, client: renewing });
    expect(await b.tick()).toBe(0);
    expect(await row(job.id)).toMatchObject({ status: 'RUNNING', lockedBy: 'a', attempts: 1 });
    expect(runs).toBe(0);
  });

  it('fails a job for good when its runner died during the last attempt, instead of running it again', async () => {
    const job = await client.job.create({
      data: {
        queue: 'lease.gate',
        payload: '"crashed"',
        status: 'RUNNING',
        attempts: 2,
        maxAttempts: 2,
        lockedBy: 'gone',
        lockedUntil: new Date(Date.now() - 1000),
      },
    });
    expect(await runner('b').tick()).toBe(0);
    expect(await row(job.id)).toMatchObject({
      status: 'FAILED',
      lockedBy: null,
      attempts: 2,
      lastError: expect.stringMatching(/runner stopped/),
    });
    expect(runs).toBe(0);
  });
});
