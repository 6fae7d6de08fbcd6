import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { JobRunner, retryDelayMs } from '@/lib/server/jobs/job-runner';
import { declareJobQueue, registerJobHandler } from '@/lib/server/jobs/registry';

let client: TDbClient;
const seen: unknown[] = [];

beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'error');
  const url = `file:${path.join(mkdtempSync(path.join(tmpdir(), 'signet-jobs-')), 'jobs.db')}`;
  await migrateDatabase(url);
  client = createPrismaClient(url);
  registerJobHandler('test.ok', async (payload) => {
    seen.push(payload);
  });
  registerJobHandler('test.fail', async () => {
    throw new Error('converter exploded');
  });
  registerJobHandler('test.slow', async (payload) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen.push(payload);
  });
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

  it('leaves the jobs of a declared queue waiting until its handler is registered, then runs them', async () => {
    declareJobQueue('test.later');
    const job = await client.job.create({ data: { queue: 'test.later', payload: JSON.stringify({ n: 2 }) } });
    const other = await client.job.create({ data: { queue: 'test.ok', payload: JSON.stringify({ n: 3 }) } });
    expect(await runOnce(runner('w1'))).toBe(1);
    expect(await client.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: 'QUEUED', attempts: 0, lastError: null });
    expect((await client.job.findUniqueOrThrow({ where: { id: other.id } })).status).toBe('DONE');
    registerJobHandler('test.later', async (payload) => {
      seen.push(payload);
    });
    expect(await runOnce(runner('w1'))).toBe(1);
    expect(seen).toEqual([{ n: 3 }, { n: 2 }]);
    expect((await client.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('DONE');
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
      data: { queue: 'test.ok', payload: '"orphan"', status: 'RUNNING', attempts: 1, lockedBy: 'dead', lockedUntil: new Date(Date.now() - 1000) },
    });
    await runOnce(runner('w2'));
    expect(seen).toEqual(['orphan']);
    expect(await client.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: 'DONE', attempts: 2 });
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
