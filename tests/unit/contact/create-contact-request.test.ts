import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TContactRequest } from '@/lib/contact/contact-schema';
import type { TDbClient } from '@/lib/server/db/create-client';
import { appDatabase, tempDir } from '../db/helpers';

// The domain code uses the process-wide client and mail outbox, so point both
// at a private temp folder before the modules are loaded.
const dataDir = tempDir('signet-contact-');
let db: TDbClient;
let createContactRequest: typeof import('@/lib/server/contact/create-contact-request').createContactRequest;
let JobRunner: typeof import('@/lib/server/jobs/job-runner').JobRunner;
const outbox = path.join(dataDir, 'outbox');

const input: TContactRequest = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Compilers Inc.',
  topic: 'SALES',
  message: 'Please send us an Enterprise offer for 300 users.',
  locale: 'cs',
  plan: 'ENTERPRISE',
};

beforeAll(async () => {
  db = await appDatabase(dataDir, { SMTP_URL: '', SALES_EMAIL: 'deals@example.com' });
  ({ createContactRequest } = await import('@/lib/server/contact/create-contact-request'));
  ({ JobRunner } = await import('@/lib/server/jobs/job-runner'));
  (await import('@/lib/server/jobs/all-jobs')).registerAllJobs();
});

afterAll(async () => {
  await db.$disconnect();
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  await db.contactRequest.deleteMany();
  await db.job.deleteMany();
});

async function runJobs() {
  const runner = new JobRunner({ concurrency: 1, pollIntervalMs: 50, workerId: 'test', client: db });
  await runner.tick();
  await runner.drain();
}

describe('createContactRequest', () => {
  it('stores the request and, with it, the job that notifies sales', async () => {
    const created = await createContactRequest({ input, ip: '203.0.113.9', userAgent: 'Mozilla/5.0 test' });
    expect(created.stored).toBe(true);
    const row = await db.contactRequest.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ ...input, ip: '203.0.113.9', userAgent: 'Mozilla/5.0 test', status: 'NEW' });
    const jobs = await db.job.findMany();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ queue: 'contact.notify', status: 'QUEUED' });
    expect(JSON.parse(jobs[0]?.payload ?? '')).toEqual({ id: created.id });
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const created = await createContactRequest({ input: { ...input, website: 'http://spam.example' } });
    expect(created.stored).toBe(false);
    expect(created.id).toMatch(/^c[0-9a-f]{24}$/);
    expect(await db.contactRequest.count()).toBe(0);
    expect(await db.job.count()).toBe(0);
  });

  it('mails the sales inbox through the job queue (outbox .eml, Reply-To the sender)', async () => {
    const { id } = await createContactRequest({ input });
    const before = existsSync(outbox) ? readdirSync(outbox).length : 0;
    await runJobs();
    const files = readdirSync(outbox);
    expect(files).toHaveLength(before + 1);
    const eml = readFileSync(path.join(outbox, files.sort().at(-1) ?? ''), 'utf8');
    expect(eml).toContain('To: deals@example.com');
    expect(eml).toMatch(/Reply-To: "?Grace Hopper"? <grace@example.com>/);
    // Long headers are folded onto the next line.
    expect(eml).toMatch(/Subject: New contact request: Sales and the Enterprise plan from\s+Grace\s+Hopper/);
    expect(eml).toContain('Please send us an Enterprise offer for 300 users.');
    expect(eml).toContain(`Reference: ${id}`);
    expect(eml).toContain('Plan: Enterprise');
    expect((await db.job.findFirstOrThrow()).status).toBe('DONE');
  });

  it('keeps the request and retries the mail later when sending fails', async () => {
    const { id } = await createContactRequest({ input });
    // A file where the outbox folder should be: writing the mail fails.
    rmSync(outbox, { recursive: true, force: true });
    writeFileSync(outbox, 'not a folder');
    try {
      await runJobs();
      const failed = await db.job.findFirstOrThrow();
      expect(failed).toMatchObject({ status: 'QUEUED', attempts: 1 });
      expect(failed.lastError).toBeTruthy();
      expect(await db.contactRequest.findUnique({ where: { id } })).not.toBeNull();
    } finally {
      rmSync(outbox, { force: true });
    }
    await db.job.updateMany({ data: { runAt: new Date() } });
    await runJobs();
    expect((await db.job.findFirstOrThrow()).status).toBe('DONE');
    expect(readdirSync(outbox)).toHaveLength(1);
  });
});
