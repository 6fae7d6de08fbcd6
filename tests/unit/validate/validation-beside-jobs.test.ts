// One process serves the web and runs the job queue (lib/server/jobs): a hostile file in the public validator must
// not hold the jobs up, neither while its worker grinds through it nor when that worker is cut off.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { defineJob } from '@/lib/server/jobs/define-job';
import { JobRunner } from '@/lib/server/jobs/job-runner';
import { registerJob } from '@/lib/server/jobs/registry';
import { PdfValidator } from '@/lib/server/validate/pdf-validator';
import { foreignCms, manyRevisionsPdf } from '@/tests/fixtures/hostile-signed-pdfs';
import { makeTestPki } from '@/tests/fixtures/test-pki';
import { anchors } from './helpers';

let client: TDbClient;
const handled: string[] = [];

beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'error');
  const url = `file:${path.join(mkdtempSync(path.join(tmpdir(), 'signet-beside-')), 'jobs.db')}`;
  await migrateDatabase(url);
  client = createPrismaClient(url);
  registerJob(
    defineJob({
      queue: 'beside.validation',
      schema: z.string(),
      handler: async (payload) => {
        handled.push(payload);
      },
    }),
  );
});

afterAll(async () => {
  await client.$disconnect();
  vi.unstubAllEnvs();
});

async function doneJobs(): Promise<number> {
  return client.job.count({ where: { queue: 'beside.validation', status: 'DONE' } });
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

it('jobs are taken and finished while a validation runs on a hostile file, and after its worker is cut off', async () => {
  const runner = new JobRunner({ concurrency: 2, pollIntervalMs: 50, workerId: 'beside', client });
  const validator = new PdfValidator({ workers: 1, maxHeapMb: 512, timeoutMs: 15_000, maxQueue: 8 });
  runner.start();
  try {
    const hostile = manyRevisionsPdf(
      { cms: foreignCms(makeTestPki('Beside Jobs Root')) },
      { count: 64, bulk: 400_000 },
    );
    let settled = false;
    const validation = validator.validate(hostile, { maxPages: 500, anchors: anchors() }).finally(() => {
      settled = true;
    });
    validation.catch(() => undefined);

    for (const name of ['first', 'second', 'third'])
      await client.job.create({ data: { queue: 'beside.validation', payload: JSON.stringify(name) } });
    await until(async () => (await doneJobs()) === 3);
    // All three ran while the worker was still on the file.
    expect(settled).toBe(false);

    await expect(validation).rejects.toMatchObject({ code: 'TOO_COMPLEX' });
    await client.job.create({ data: { queue: 'beside.validation', payload: JSON.stringify('after') } });
    await until(async () => (await doneJobs()) === 4);
    expect(handled).toEqual(['first', 'second', 'third', 'after']);
  } finally {
    await runner.stop();
    await validator.close();
  }
}, 120_000);
