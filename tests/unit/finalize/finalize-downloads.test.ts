// Downloads of a finalized document (original, sealed, certificate), the details API's seal, retry-seal over HTTP,
// the mailed download link, and retention (the purge job).
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { finalizeJobWorld } from './finalize-job-world';
import { flakySeal } from './finalize-test-steps';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, call, mod, steps, runJobs, dueNow, signed, documentRow, events } = finalizeJobWorld();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const routes = {} as {
  download: typeof import('@/app/api/v1/documents/[id]/download/route');
  details: typeof import('@/app/api/v1/documents/[id]/route');
  retry: typeof import('@/app/api/v1/documents/[id]/retry-seal/route');
  link: typeof import('@/app/api/downloads/[token]/route');
};

beforeAll(async () => {
  routes.download = await import('@/app/api/v1/documents/[id]/download/route');
  routes.details = await import('@/app/api/v1/documents/[id]/route');
  routes.retry = await import('@/app/api/v1/documents/[id]/retry-seal/route');
  routes.link = await import('@/app/api/downloads/[token]/route');
});

async function download(id: string, kind: string, key = world.key) {
  const response = await routes.download.GET(
    new Request(`http://signet.test/api/v1/documents/${id}/download?kind=${kind}`, {
      headers: { authorization: `Bearer ${key}` },
    }),
    { params: Promise.resolve({ id }) },
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  const problem = response.headers.get('content-type')?.includes('json')
    ? (JSON.parse(new TextDecoder().decode(bytes)) as { detail: string; reason?: string })
    : null;
  return { status: response.status, bytes, problem, disposition: response.headers.get('content-disposition') };
}

async function byLink(token: string) {
  const response = await routes.link.GET(new Request(`http://signet.test/api/downloads/${token}`), {
    params: Promise.resolve({ token }),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, bytes, type: response.headers.get('content-type') };
}

const details = (id: string) => call(routes.details.GET, 'GET', '/x', { params: { id } });

describe('GET /api/v1/documents/{id}/download after finalization', () => {
  it('answers 409 not_yet before the seal, then the sealed PDF and certificate; the original is 409 purged once sealed', async () => {
    const { document } = await signed();
    expect((await download(document.id, 'sealed')).problem).toMatchObject({
      reason: 'not_yet',
      detail: expect.stringContaining('once everyone has signed'),
    });
    expect((await download(document.id, 'original')).status).toBe(200);
    expect((await details(document.id)).body).toMatchObject({
      seal: null,
      sealError: null,
      downloads: { original: true, sealed: false, certificate: false },
    });

    // Page sizes not read yet: they must be kept before the working PDF goes (the details API needs them).
    await world.client.document.update({ where: { id: document.id }, data: { pageSizes: null } });
    await runJobs({ steps: steps() });
    const row = await documentRow(document.id);
    expect(JSON.parse(row.pageSizes!)).toEqual([{ width: 612, height: 792 }]);
    const sealed = await download(document.id, 'sealed');
    expect(sealed.status).toBe(200);
    expect(sha(sealed.bytes)).toBe(row.sealedSha256);
    expect(sealed.disposition).toContain('Contract-sealed.pdf');
    const certificate = await download(document.id, 'certificate');
    expect(sha(certificate.bytes)).toBe(row.certificateSha256);
    expect(certificate.disposition).toContain('Contract-certificate.pdf');
    expect((await download(document.id, 'sealed', world.otherKey)).status).toBe(404);
    const original = await download(document.id, 'original');
    expect(original).toMatchObject({
      status: 409,
      problem: {
        reason: 'purged',
        detail: expect.stringMatching(/deleted on \d{4}-\d\d-\d\d once the document was sealed/),
      },
    });

    const answer = (await details(document.id)).body!;
    expect(answer).toMatchObject({
      status: 'completed',
      completedAt: row.completedAt!.toISOString(),
      seal: { level: 'B-B', sealedAt: row.sealedAt!.toISOString(), timestampAt: null, sha256: row.sealedSha256 },
      sealError: null,
      downloads: { original: false, sealed: true, certificate: true },
      purgeAt: row.purgeAt!.toISOString(),
    });
    const { ZDocumentDetails } = await import('@/lib/api/v1/documents');
    expect(ZDocumentDetails.safeParse(answer).success).toBe(true);
  });
});

describe('POST /api/v1/documents/{id}/retry-seal', () => {
  it('is 409 unless sealing_failed; the details show the error; a retry queues one job and completes', async () => {
    const { document } = await signed('Rui');
    const retry = (key = world.key) => call(routes.retry.POST, 'POST', '/x', { params: { id: document.id }, key });
    expect(await retry()).toMatchObject({ status: 409, body: { reason: 'not_sealing_failed' } });
    await world.client.job.updateMany({
      where: { queue: 'document.finalize', payload: { contains: document.id } },
      data: { maxAttempts: 1 },
    });
    const failing = flakySeal(steps(), 1);
    await runJobs({ steps: failing });
    expect((await details(document.id)).body).toMatchObject({
      status: 'sealing_failed',
      sealError: 'The timestamp authority did not answer.',
      seal: null,
    });
    expect((await retry(world.otherKey)).status).toBe(404);
    const queued = await retry();
    expect(queued).toMatchObject({ status: 202, body: { id: document.id, status: 'sealing_failed' } });
    expect(await retry()).toMatchObject({ status: 409, body: { reason: 'retry_queued' } });
    await runJobs({ steps: failing });
    expect((await details(document.id)).body).toMatchObject({
      status: 'completed',
      sealError: null,
      seal: { level: 'B-B' },
    });
  });
});

describe('the download link of a completion mail too large to attach', () => {
  it('serves the sealed PDF while valid; 404 when tampered with, 410 once expired or purged', async () => {
    const { document } = await signed('Lia');
    await runJobs({ steps: steps() });
    const row = await documentRow(document.id);
    const link = await import('@/lib/server/finalize/download-link');
    const token = link.signDownloadToken({
      documentId: document.id,
      recipientId: null,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const ok = await byLink(token);
    expect(ok).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(sha(ok.bytes)).toBe(row.sealedSha256);
    const [payload, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ d: document.id, r: null, e: 4102444800 })).toString('base64url');
    expect((await byLink(`${forged}.${mac}`)).status).toBe(404);
    expect((await byLink(`${payload}.${mac.slice(0, -2)}AA`)).status).toBe(404);
    expect((await byLink('nonsense')).status).toBe(404);
    expect(link.downloadLinkExpiry(new Date(0), new Date(1000))).toEqual(new Date(1000));
    const expired = link.signDownloadToken({
      documentId: document.id,
      recipientId: null,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await byLink(expired)).status).toBe(410);
    const { purgeSealedBlobs } = await import('@/lib/server/finalize/purge-sealed-blobs');
    expect(await purgeSealedBlobs(document.id, { now: new Date(row.purgeAt!.getTime() + 1) })).toBe('purged');
    expect((await byLink(token)).status).toBe(410);
  });

  it('mails a link instead of the file when the sealed PDF is 10 MB or more', async () => {
    const { document, signer } = await signed('Max');
    const big = steps();
    const padded = {
      ...big,
      seal: async (bytes: Uint8Array, options: { signal?: AbortSignal }) => {
        const { PDFDocument } = await import('pdf-lib');
        const pdf = await PDFDocument.load(bytes);
        // Random bytes: pdf-lib compresses attachments, so only incompressible ones make the file this large.
        await pdf.attach(randomBytes(10.5 * 1024 * 1024), 'padding.bin', { mimeType: 'application/octet-stream' });
        return big.seal(await pdf.save(), options);
      },
    };
    await runJobs({ steps: padded });
    const { outboxMails } = await import('../api/sending-helpers');
    const dataDir = (await import('@/lib/env')).getEnv().dataDir;
    const mail = (await outboxMails(dataDir)).filter(
      (candidate) => candidate.to === signer.email && /signed: your sealed copy/.test(candidate.subject),
    );
    expect(mail).toHaveLength(1);
    const url = /http:\/\/signet\.test\/api\/downloads\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail[0]!.text);
    expect(url, mail[0]!.text).not.toBeNull();
    expect(mail[0]!.text).toMatch(/works until/);
    const fetched = await byLink(url![1]!);
    expect(fetched.status).toBe(200);
    expect(sha(fetched.bytes)).toBe((await documentRow(document.id)).sealedSha256);
  });
});

describe('retention: the document.purge job', () => {
  it('waits for purgeAt, deletes the sealed PDF and certificate, keeps hashes and seal, writes document.purged once', async () => {
    const { document } = await signed('Ivo');
    await runJobs({ steps: steps() });
    const row = await documentRow(document.id);
    const { purgeSealedBlobs } = await import('@/lib/server/finalize/purge-sealed-blobs');
    expect(await purgeSealedBlobs(document.id)).toBe('not-due');
    expect(await mod.store.exists(row.sealedBlob!)).toBe(true);
    const later = new Date(row.purgeAt!.getTime() + 1000);
    expect(await purgeSealedBlobs(document.id, { now: later })).toBe('purged');
    expect(await purgeSealedBlobs(document.id, { now: later })).toBe('nothing');
    expect(await mod.store.exists(row.sealedBlob!)).toBe(false);
    expect(await mod.store.exists(row.certificateBlob!)).toBe(false);
    const after = await documentRow(document.id);
    expect(after).toMatchObject({ sealedSha256: row.sealedSha256, sealLevel: 'B-B', sealedPurgedAt: later });
    expect((await events(document.id, 'document.purged')).map((event) => JSON.parse(event.data))).toEqual([
      { sealedSha256: row.sealedSha256, certificateSha256: row.certificateSha256, purgeAt: row.purgeAt!.toISOString() },
    ]);
    const sealed = await download(document.id, 'sealed');
    expect(sealed).toMatchObject({
      status: 409,
      problem: { reason: 'purged', detail: expect.stringContaining('retention period ended') },
    });
    expect((await download(document.id, 'certificate')).problem).toMatchObject({ reason: 'purged' });
    expect((await details(document.id)).body).toMatchObject({
      seal: { sha256: row.sealedSha256 },
      downloads: { original: false, sealed: false, certificate: false },
    });
    const trail = await call((await import('@/app/api/v1/documents/[id]/audit/route')).GET, 'GET', '/x', {
      params: { id: document.id },
    });
    expect(trail.body).toMatchObject({ chainValid: true });
  });

  it('RETENTION_DAYS=0: purges right after the completion mails, never before them', async () => {
    const { document, signer } = await signed('Zoe');
    // Seal and commit without running the mail jobs, as a busy runner would leave them.
    const outcome = await mod.finalize.finalizeDocument(
      document.id,
      { attempt: 1, maxAttempts: 8, signal: new AbortController().signal },
      { steps: steps(), retentionDays: 0 },
    );
    expect(outcome).toBe('completed');
    const { purgeSealedBlobs } = await import('@/lib/server/finalize/purge-sealed-blobs');
    expect(await purgeSealedBlobs(document.id)).toBe('waiting-for-mails');
    expect((await documentRow(document.id)).sealedPurgedAt).toBeNull();
    await world.client.job.updateMany({
      where: { queue: 'document.purge', payload: { contains: document.id } },
      data: { runAt: new Date(Date.now() + 3_600_000) },
    });
    await runJobs();
    expect(
      (await world.client.recipient.findUniqueOrThrow({ where: { id: signer.id } })).completionMailedAt,
    ).not.toBeNull();
    await world.client.job.updateMany({
      where: { queue: 'document.purge', payload: { contains: document.id }, status: 'QUEUED' },
      data: { runAt: new Date() },
    });
    await dueNow();
    await runJobs();
    expect((await documentRow(document.id)).sealedPurgedAt).not.toBeNull();
    expect(await events(document.id, 'document.purged')).toHaveLength(1);
  });
});

describe('deleting a completed document', () => {
  it('deletes its sealed PDF and certificate with it', async () => {
    const { document } = await signed('Del');
    await runJobs({ steps: steps() });
    const row = await documentRow(document.id);
    const { DELETE } = await import('@/app/api/v1/documents/[id]/route');
    expect((await call(DELETE, 'DELETE', '/x', { params: { id: document.id } })).status).toBe(204);
    expect(await mod.store.exists(row.sealedBlob!)).toBe(false);
    expect(await mod.store.exists(row.certificateBlob!)).toBe(false);
  });
});
