import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findPdfScripts } from '@/lib/server/pdf/pdf-scripts';
import { createDocumentFromUpload, type TUploadOwner } from '@/lib/server/documents/upload/create-document-from-upload';
import { type TCorpusCase, writeUploadCorpus } from '@/tests/fixtures/upload-corpus';
import { createUploadWorld, listFiles, type TUploadWorld } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let world: TUploadWorld;
let corpus: TCorpusCase[];
let owner: TUploadOwner;

beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'error');
  world = await createUploadWorld({ maxBytes: 2 * 1024 * 1024, maxPages: 500 });
  corpus = await writeUploadCorpus(world.limits);
  owner = await userOnPlan(world.client, { email: 'corpus@example.com' }, 'ENTERPRISE');
});

afterAll(async () => {
  await world.client.$disconnect();
  vi.unstubAllEnvs();
});

function upload(item: TCorpusCase) {
  return createDocumentFromUpload({
    owner,
    fileName: item.name,
    data: createReadStream(item.file, { highWaterMark: 64 * 1024 }),
    client: world.client,
    store: world.store,
    converter: world.converter,
    limits: world.limits,
    tempRoot: world.tempRoot,
  });
}

describe('the hostile upload corpus', () => {
  it('holds every hostile case, from empty and truncated files to bombs and polyglots', () => {
    expect(corpus.map((item) => item.name)).toEqual(
      expect.arrayContaining([
        'zero-byte.pdf',
        'truncated.pdf',
        'encrypted.pdf',
        'wrong-magic.pdf',
        'oversize.pdf',
        '600-pages.pdf',
        'zip-bomb.docx',
        'macro.xlsm',
        'javascript.pdf',
        'polyglot-zip.pdf',
      ]),
    );
  });

  it('refuses every hostile file with its reason and leaves no row, blob or temp file', async () => {
    const blobsBefore = listFiles(world.blobRoot);
    const documentsBefore = await world.client.document.count();
    const refused = corpus.filter((item) => 'refused' in item.expect);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    for (const item of refused) {
      const code = 'refused' in item.expect ? item.expect.refused : '';
      const outcome = await upload(item).then(
        () => 'accepted',
        (error: { code?: string; detail?: string }) => error,
      );
      expect(outcome, item.name).toMatchObject({ code, detail: expect.any(String) });
      expect(listFiles(world.blobRoot), item.name).toEqual(blobsBefore);
      expect(await world.client.document.count(), item.name).toBe(documentsBefore);
      expect(await world.client.auditEvent.count(), item.name).toBe(0);
      expect(readdirSync(world.tempRoot), item.name).toEqual([]);
    }
  });

  it('accepts the JavaScript PDF only with every script removed from the stored PDF', async () => {
    const item = corpus.find((entry) => 'acceptedWithoutScripts' in entry.expect)!;
    const document = await upload(item);
    expect(document.currentBlob).not.toBeNull();
    const stored = await world.store.get(document.currentBlob!);
    expect(findPdfScripts(await PDFDocument.load(stored))).toEqual([]);
    const raw = stored.toString('latin1');
    for (const token of ['/JS', '/JavaScript', '/OpenAction', '/AA', 'app.alert']) expect(raw).not.toContain(token);
    const event = await world.client.auditEvent.findFirstOrThrow({ where: { documentId: document.id } });
    expect(JSON.parse(event.data).scriptsRemoved).toEqual(
      expect.arrayContaining(['/JS script', '/JavaScript name tree']),
    );
  });

  it('stores a PDF with a broken cross-reference table only repaired (qpdf --check clean), keeping the received hash in the audit trail', async () => {
    const damaged = corpus.filter((entry) => 'storedRepaired' in entry.expect);
    expect(damaged.length).toBe(2);
    for (const item of damaged) {
      const received = readFileSync(item.file);
      const document = await upload(item);
      const stored = await world.store.get(document.originalBlob);
      expect(stored.equals(received), item.name).toBe(false);
      expect(document.currentBlob, item.name).toBeNull();
      const dir = mkdtempSync(path.join(tmpdir(), 'signet-corpus-check-'));
      writeFileSync(path.join(dir, 'stored.pdf'), stored);
      // Exit code 0: no error and no warning (3 would mean warnings, such as a damaged xref).
      expect(
        () => execFileSync('qpdf', ['--check', path.join(dir, 'stored.pdf')], { stdio: 'pipe' }),
        item.name,
      ).not.toThrow();
      expect((await PDFDocument.load(stored)).getPageCount()).toBe(2);
      const event = await world.client.auditEvent.findFirstOrThrow({ where: { documentId: document.id } });
      const data = JSON.parse(event.data);
      expect(data).toMatchObject({
        sha256: document.originalSha256,
        receivedSha256: createHash('sha256').update(received).digest('hex'),
      });
      expect(data.repairs.length).toBeGreaterThan(0);
    }
  });
});
