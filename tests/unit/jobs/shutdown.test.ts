// SIGTERM to a real server process while a job runs: the job finishes (or,
// past the grace period, goes back to the queue) before the process exits.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import {
  CHILD_QUEUE,
  spawnJobRunnerProcess,
  type TChildWork,
  type TRunnerProcess,
} from '../../fixtures/spawn-job-runner';

let url: string;
let dir: string;
let client: TDbClient;
const children: TRunnerProcess[] = [];

beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'error');
  dir = mkdtempSync(path.join(tmpdir(), 'signet-shutdown-'));
  url = `file:${path.join(dir, 'jobs.db')}`;
  await migrateDatabase(url);
  client = createPrismaClient(url);
});

beforeEach(async () => {
  await client.job.deleteMany();
});

afterAll(async () => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  await client.$disconnect();
  vi.unstubAllEnvs();
});

async function startWith(work: TChildWork, graceMs: number) {
  const job = await client.job.create({ data: { queue: CHILD_QUEUE, payload: JSON.stringify(work) } });
  const server = spawnJobRunnerProcess({ DATABASE_URL: url, DATA_DIR: dir, JOB_SHUTDOWN_GRACE_MS: String(graceMs) });
  children.push(server);
  await server.waitFor(new RegExp(`^started ${job.id} 1$`));
  return { job, server };
}

describe('SIGTERM to the server process', () => {
  it('waits for a running job to finish, then exits cleanly', async () => {
    const { job, server } = await startWith({ ms: 1500 }, 20_000);
    // Due shortly after the signal, while the first job still runs: a runner still claiming would take it.
    const runAt = new Date(Date.now() + 300);
    const later = await client.job.create({ data: { queue: CHILD_QUEUE, payload: JSON.stringify({ ms: 1 }), runAt } });
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(server.lines).toContain(`finished ${job.id} 1`);
    expect(await client.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: 'DONE',
      attempts: 1,
    });
    // Nothing new was claimed once the signal came.
    expect(await client.job.findUniqueOrThrow({ where: { id: later.id } })).toMatchObject({
      status: 'QUEUED',
      attempts: 0,
    });
  });

  it('past the grace period, aborts the job and gives it back to the queue before exiting', async () => {
    const { job, server } = await startWith({ ms: 120_000 }, 500);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(8_000);
    expect(server.lines.some((line) => line.startsWith('finished'))).toBe(false);
    expect(await client.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: 'QUEUED',
      lockedBy: null,
      attempts: 1,
    });
  });
});
