// The job runner on one PostgreSQL queue shared by several runners (one per
// app instance): a handler slower than the lease runs once, and a runner that
// dies mid-job loses it only when its lease runs out. Runs only when
// TEST_POSTGRES_URL is set (vitest.config.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { defineJob } from '@/lib/server/jobs/define-job';
import { JobRunner } from '@/lib/server/jobs/job-runner';
import { registerJob } from '@/lib/server/jobs/registry';
import { CHILD_QUEUE, spawnJobRunnerProcess, type TRunnerProcess } from '../fixtures/spawn-job-runner';

const serverUrl = process.env.TEST_POSTGRES_URL!;
const databaseName = `signet_jobs_${randomBytes(6).toString('hex')}`;
let url: string;
const clients: TDbClient[] = [];
const runners: JobRunner[] = [];
const children: TRunnerProcess[] = [];
const runs: { queue: string; id: string; attempt: number }[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A runner with its own client (its own pool), as another app instance would have. */
function instance(workerId: string, leaseMs: number) {
  const client = createPrismaClient(url);
  clients.push(client);
  const runner = new JobRunner({ concurrency: 2, pollIntervalMs: 50, leaseMs, workerId, client });
  runners.push(runner);
  return { client, runner };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'error');
  await admin(`CREATE DATABASE "${databaseName}"`);
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${databaseName}`;
  url = parsed.toString();
  await migrateDatabase(url);
  const results = createPrismaClient(url);
  clients.push(results);
  // Slower than the lease; leaves a result of its own beside the job.
  registerJob(
    defineJob({
      queue: 'pg.slow',
      schema: z.unknown(),
      handler: async (_payload, { id, queue, attempt }) => {
        runs.push({ queue, id, attempt });
        await sleep(1500);
        await results.setting.create({ data: { key: `result:${id}`, value: `attempt ${attempt}` } });
      },
    }),
  );
  registerJob(
    defineJob({
      queue: CHILD_QUEUE,
      schema: z.unknown(),
      handler: async (_payload, { id, queue, attempt }) => {
        runs.push({ queue, id, attempt });
      },
    }),
  );
});

afterAll(async () => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(runners.map((runner) => runner.stop(1000)));
  await Promise.all(clients.map((client) => client.$disconnect()));
  await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  vi.unstubAllEnvs();
});

describe('job runners sharing one PostgreSQL queue', () => {
  it('run a handler slower than the lease once, and its result stands', async () => {
    const a = instance('instance-a', 300);
    const b = instance('instance-b', 300);
    const job = await a.client.job.create({ data: { queue: 'pg.slow', payload: '{}' } });
    a.runner.start();
    b.runner.start();
    await vi.waitFor(
      async () => expect((await a.client.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('DONE'),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
    await sleep(900); // three more leases in which a second run could start
    await Promise.all([a.runner.stop(), b.runner.stop()]);
    expect(runs.filter((run) => run.id === job.id)).toEqual([{ queue: 'pg.slow', id: job.id, attempt: 1 }]);
    expect(await a.client.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: 'DONE',
      attempts: 1,
      lockedBy: null,
      lastError: null,
    });
    expect(await a.client.setting.findUniqueOrThrow({ where: { key: `result:${job.id}` } })).toMatchObject({
      value: 'attempt 1',
    });
  });

  it('take a job again only after a killed runner’s lease ends, and finish it once', async () => {
    const leaseMs = 1000;
    const survivor = instance('survivor', leaseMs);
    const job = await survivor.client.job.create({
      data: { queue: CHILD_QUEUE, payload: JSON.stringify({ ms: 600_000 }) },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'signet-pg-child-'));
    const doomed = spawnJobRunnerProcess({
      DATABASE_URL: url,
      DATA_DIR: dir,
      JOB_LEASE_MS: String(leaseMs),
      AUTH_SECRET: 'a'.repeat(32),
    }); // PostgreSQL needs one;
    children.push(doomed);
    await doomed.waitFor(new RegExp(`^started ${job.id} 1$`));
    survivor.runner.start();

    // While the other process lives (and renews), the job stays its own, well past one lease.
    await sleep(2.5 * leaseMs);
    const held = await survivor.client.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(held).toMatchObject({ status: 'RUNNING', attempts: 1 });
    expect(held.lockedBy).toMatch(new RegExp(`^${hostname()}:${doomed.child.pid}(:|$)`));
    expect(runs.filter((run) => run.id === job.id)).toEqual([]);

    doomed.child.kill('SIGKILL');
    const killedAt = (await doomed.exited).at;
    await vi.waitFor(
      async () => expect((await survivor.client.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('DONE'),
      { timeout: 10_000, interval: 50 },
    );
    expect(Date.now() - killedAt).toBeLessThan(leaseMs + 3000);
    await sleep(2 * leaseMs);
    expect(runs.filter((run) => run.id === job.id)).toEqual([{ queue: CHILD_QUEUE, id: job.id, attempt: 2 }]);
    expect(doomed.lines.some((line) => line.startsWith('finished'))).toBe(false);
    expect(await survivor.client.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: 'DONE',
      attempts: 2,
      lockedBy: null,
    });
  });
});
