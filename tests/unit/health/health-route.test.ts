// GET /api/health: answered from a background probe that runs once however
// many ask; anyone sees ok or degraded, only administrators see the parts.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { appDatabase, tempDir } from '../db/helpers';

const signedIn = vi.hoisted(() => ({ user: null as null | { role: 'USER' | 'ADMIN' } }));
vi.mock('@/lib/server/auth/require-user', () => ({ currentUser: async () => signedIn.user }));

const dataDir = tempDir('signet-health-');
let db: TDbClient;
let store: BlobStore;
let GET: typeof import('@/app/api/health/route').GET;

beforeAll(async () => {
  // JOBS_ENABLED false: no runner in this process; the queue is still read
  db = await appDatabase(dataDir, { JOBS_ENABLED: 'false' });
  store = (await import('@/lib/server/storage/get-blob-store')).getBlobStore();
  ({ GET } = await import('@/app/api/health/route'));
});

afterAll(async () => {
  await db.$disconnect();
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  vi.restoreAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {}); // the failed probes below are logged
  signedIn.user = null;
  delete (globalThis as { signetHealthMonitor?: unknown }).signetHealthMonitor; // a fresh monitor, nothing cached
  await db.job.deleteMany();
});

async function ask() {
  const response = await GET();
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    cache: response.headers.get('cache-control'),
  };
}

describe('GET /api/health', () => {
  it('probes the blob store once for many concurrent requests, and not again within the interval', async () => {
    const probe = vi.spyOn(store, 'health');
    const answers = await Promise.all(Array.from({ length: 12 }, () => ask()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    await ask();
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('tells an anonymous caller only the overall status', async () => {
    expect(await ask()).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
  });

  it('tells a signed-in user who is not an administrator only the overall status', async () => {
    signedIn.user = { role: 'USER' };
    expect((await ask()).body).toEqual({ status: 'ok' });
  });

  it('tells anyone 503 degraded, and not which part failed, when a part is down', async () => {
    vi.spyOn(store, 'health').mockRejectedValue(new Error('disk gone'));
    expect(await ask()).toEqual({ status: 503, body: { status: 'degraded' }, cache: 'no-store' });
  });

  it('gives an administrator every part, the failing one named, and the job queue', async () => {
    vi.spyOn(store, 'health').mockRejectedValue(new Error('disk gone'));
    await db.job.create({
      data: { queue: 'mail', payload: '{}', status: 'FAILED', attempts: 5, lastError: 'smtp refused' },
    });
    await db.job.create({ data: { queue: 'mail', payload: '{}', runAt: new Date(Date.now() - 90_000) } });
    signedIn.user = { role: 'ADMIN' };
    const { status, body } = await ask();
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: 'degraded',
      db: 'ok',
      storage: 'down',
      jobs: 'ok',
      failing: ['storage'],
      queue: { failed: 1, oldestRunningSeconds: null },
    });
    expect((body.queue as { oldestQueuedSeconds: number }).oldestQueuedSeconds).toBeGreaterThanOrEqual(89);
    expect(Date.parse(body.checkedAt as string)).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('GET /api/health: finalization', () => {
  it('reports finalizations that failed for good or are older than 10 minutes to administrators, without degrading the instance', async () => {
    signedIn.user = { role: 'ADMIN' };
    const owner = await db.user.create({ data: { email: `health-${Date.now()}@example.com` } });
    const document = await db.document.create({
      data: {
        token: `t${Date.now()}`,
        name: 'A.pdf',
        ownerId: owner.id,
        workspaceId: owner.id,
        originalBlob: 'documents/x/original.pdf',
        originalSha256: 'a',
        status: 'PENDING',
      },
    });
    expect((await ask()).body).toMatchObject({ status: 'ok', finalize: { status: 'ok', failed: 0, late: 0 } });

    delete (globalThis as { signetHealthMonitor?: unknown }).signetHealthMonitor;
    // Its runner died on the last attempt: the job failed without the document being told.
    await db.job.create({
      data: {
        queue: 'document.finalize',
        payload: JSON.stringify({ documentId: document.id }),
        status: 'FAILED',
        attempts: 8,
      },
    });
    await db.job.create({
      data: {
        queue: 'document.finalize',
        payload: '{"documentId":"other"}',
        createdAt: new Date(Date.now() - 11 * 60_000),
      },
    });
    const { status, body } = await ask();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', finalize: { status: 'attention', failed: 1, late: 1 } });
    expect(body.failing).toBeUndefined();

    delete (globalThis as { signetHealthMonitor?: unknown }).signetHealthMonitor;
    await db.job.deleteMany();
    await db.document.update({ where: { id: document.id }, data: { status: 'SEALING_FAILED' } });
    expect((await ask()).body).toMatchObject({ finalize: { status: 'attention', failed: 1, late: 0 } });
    await db.document.delete({ where: { id: document.id } });
  });
});
