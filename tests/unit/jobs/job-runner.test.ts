import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { defineJob } from '@/lib/server/jobs/define-job';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { JobRunner, retryDelayMs } from '@/lib/server/jobs/job-runner';
import { registerJob } from '@/lib/server/jobs/registry';

let client: TDbClient;
const seen: unknown[] = [];

const okJob = defineJob({
  queue: 'test.ok',
  schema: z.unknown(),
  handler: async (payload) => {
    seen.push(payload);
  },
});
/** A job with a payload shape and its own number of tries. */
const typedJob = defineJob({
  queue: 'test.typed',
  schema: z.object({ n: z.number(), label: z.string().default('none') }),
  maxAttempts: 2,
  handler: async (payload) => {
    seen.push(payload);
  },
});

beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'error');
  const url = `file:${path.join(mkdtempSync(path.join(tmpdir(), 'signet-jobs-')), 'jobs.db')}`;
  await migrateDatabase(url);
  client = createPrismaClient(url);
  registerJob(okJob);
  registerJob(
    defineJob({
      queue: 'test.fail',
      schema: z.unknown(),
      handler: async () => {
        throw new Error('converter exploded');
      },
    }),
  );
  registerJob(
    defineJob({
      queue: 'test.slow',
      schema: z.unknown(),
      handler: async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen.push(payload);
      },
    }),
  );
  registerJob(typedJob);
});

afterAll(async () => {
  await client.$disconnect();
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  seen.length = 0;
  await client.job.deleteMany();
});

function runner(workerId: string, concurrency = 2) {
  return new JobRunner({ concurrency, pollIntervalMs: 50, workerId, client });
}

async function runOnce(r: JobRunner) {
  const started = await r.tick();
  await r.drain();
  return started;
}

describe('JobRunner', () => {
  it('runs a due job once and records it as done', async () => {
    const job = await client.job.create({ data: { queue: 'test.ok', payload: JSON.stringify({ n: 1 }) } });
    expect(await runOnce(runner('w1'))).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    const done = await client.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ status: 'DONE', attempts: 1, lockedBy: null, lastError: null });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(await runOnce(runner('w1'))).toBe(0);
  });

  it('leaves jobs that are not due yet', async () => {
    await client.job.create({ data: { queue: 'test.ok', payload: '1', runAt: new Date(Date.now() + 60_000) } });
    expect(await runOnce(runner('w1'))).toBe(0);
    expect(seen).toEqual([]);
  });

  it('retries with backoff, then fails for good after maxAttempts', async () => {
    const job = await client.job.create({ data: { queue: 'test.fail', payload: 'null', maxAttempts: 2 } });
    const before = Date.now();
    await runOnce(runner('w1'));
    let row = await client.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 1, lastError: 'converter exploded' });
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1));
    await client.job.update({ where: { id: job.id }, data: { runAt: new Date() } });
    await runOnce(runner('w1'));
    row = await client.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: 'FAILED', attempts: 2, lastError: 'converter exploded' });
  });

  it('fails a job whose queue has no handler instead of retrying it forever', async () => {
    const job = await client.job.create({ data: { queue: 'test.unknown', payload: 'null' } });
    await runOnce(runner('w1'));
    const row = await client.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.status).toBe('FAILED');
    expect(row.lastError).toMatch(/no handler/);
  });

  it('hands the handler its payload as the schema parsed it', async () => {
    await client.job.create({ data: { queue: 'test.typed', payload: JSON.stringify({ n: 2 }) } });
    await runOnce(runner('w1'));
    expect(seen).toEqual([{ n: 2, label: 'none' }]);
  });

  it('fails an attempt whose payload does not fit the schema, retrying it like a throwing handler, without running the handler', async () => {
    const job = await client.job.create({
      data: { queue: 'test.typed', payload: JSON.stringify({ n: 'two' }), maxAttempts: 2 },
    });
    await runOnce(runner('w1'));
    let row = await client.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(row.lastError).toMatch(/expected number/);
    await client.job.update({ where: { id: job.id }, data: { runAt: new Date() } });
    await runOnce(runner('w1'));
    row = await client.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: 'FAILED', attempts: 2 });
    expect(seen).toEqual([]);
  });

  it("enqueues under the queue name with the job's own maxAttempts, else 5, unless the caller gives one", async () => {
    const typed = await enqueueJob(typedJob, { n: 1 }, { client });
    const plain = await enqueueJob(okJob, 'x', { client });
    const overridden = await enqueueJob(typedJob, { n: 1, label: 'a' }, { client, maxAttempts: 1 });
    const rows = await client.job.findMany({ where: { id: { in: [typed.id, plain.id, overridden.id] } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(typed.id)).toMatchObject({
      queue: 'test.typed',
      maxAttempts: 2,
      payload: '{"n":1}',
      status: 'QUEUED',
    });
    expect(byId.get(plain.id)).toMatchObject({ queue: 'test.ok', maxAttempts: 5, payload: '"x"' });
    expect(byId.get(overridden.id)).toMatchObject({ queue: 'test.typed', maxAttempts: 1 });
    // A payload that does not fit the schema does not compile (tsc checks the tests); never called.
    const wrongPayload = () =>
      // @ts-expect-error n is a number
      enqueueJob(typedJob, { n: 'two' }, { client });
    expect(wrongPayload).toBeTypeOf('function');
  });

  it('never runs one job twice when two runners race for it', async () => {
    for (let i = 0; i < 6; i += 1) await client.job.create({ data: { queue: 'test.slow', payload: String(i) } });
    const a = runner('a', 3);
    const b = runner('b', 3);
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.drain(), b.drain()]);
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await client.job.count({ where: { status: 'DONE', attempts: 1 } })).toBe(6);
  });

  it('takes over a job whose worker died holding an expired lease', async () => {
    const job = await client.job.create({
      data: {
        queue: 'test.ok',
        payload: '"orphan"',
        status: 'RUNNING',
        attempts: 1,
        lockedBy: 'dead',
        lockedUntil: new Date(Date.now() - 1000),
      },
    });
    await runOnce(runner('w2'));
    expect(seen).toEqual(['orphan']);
    expect(await client.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: 'DONE',
      attempts: 2,
    });
  });

  it('respects its concurrency', async () => {
    for (let i = 0; i < 5; i += 1) await client.job.create({ data: { queue: 'test.slow', payload: String(i) } });
    const r = runner('w1', 2);
    expect(await r.tick()).toBe(2);
    expect(await r.tick()).toBe(0);
    await r.drain();
  });

  it('reports alive while started and not after stop', async () => {
    const r = runner('w1');
    expect(r.isAlive()).toBe(false);
    r.start();
    await vi.waitFor(() => expect(r.lastHeartbeat).toBeGreaterThan(0));
    expect(r.isAlive()).toBe(true);
    await r.stop();
    expect(r.isAlive()).toBe(false);
  });
});
