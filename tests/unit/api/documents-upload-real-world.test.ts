import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeOverflowingStreamLengthPdf, makeWrappingObjectNumberPdf } from '@/tests/fixtures/pdf-files';
import { apiWorld } from './helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));
vi.setConfig({ testTimeout: 60_000 });

const { world } = apiWorld();

let listRoute: typeof import('@/app/api/v1/documents/route');
let downloadRoute: typeof import('@/app/api/v1/documents/[id]/download/route');

beforeAll(async () => {
  listRoute = await import('@/app/api/v1/documents/route');
  downloadRoute = await import('@/app/api/v1/documents/[id]/download/route');
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const realWorld = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../fixtures/real-world', `${name}.pdf`));

async function upload(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const request = new Request('http://signet.test/api/v1/documents', {
    method: 'POST',
    headers: { authorization: `Bearer ${world.key}` },
    body: form,
  });
  const response = await listRoute.POST(request, { params: Promise.resolve({}) });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function downloadOriginal(id: string): Promise<Buffer> {
  const request = new Request(`http://signet.test/api/v1/documents/${id}/download?kind=original`, {
    headers: { authorization: `Bearer ${world.key}` },
  });
  const response = await downloadRoute.GET(request, { params: Promise.resolve({ id }) });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** qpdf's verdict on the bytes: its exit code and what it printed. */
function qpdf(args: string[], bytes: Uint8Array): { code: number; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'signet-rw-api-'));
  const file = path.join(dir, 'checked.pdf');
  writeFileSync(file, bytes);
  try {
    return { code: 0, output: execFileSync('qpdf', [...args, file], { stdio: 'pipe' }).toString() };
  } catch (error) {
    const failed = error as { status: number; stdout: Buffer; stderr: Buffer };
    return { code: failed.status, output: `${failed.stdout}${failed.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Real files that readers open but that are damaged as they come (see tests/fixtures/real-world/README.md).
const READER_RECOVERED = [
  // PDF 2.0, its header after 657 bytes of comment lines (readers look in the first 1,024 bytes).
  { name: 'pdf20examples-with-offset-start', reason: /bytes of text before the PDF header/ },
  // The trailer's /Root names the document information, not the catalog: pdf.js and pdf-lib look for the catalog; qpdf, poppler and MuPDF find no pages.
  { name: 'pdflib-invalid_root_ref', reason: /\/Root names 1 0 R, not the document catalog/ },
];

describe('POST /api/v1/documents with real PDFs that readers recover', () => {
  it.each(READER_RECOVERED)(
    'accepts $name, stores it repaired (qpdf --check clean), and keeps the received hash in the audit trail',
    async ({ name, reason }) => {
      const received = realWorld(name);
      expect(qpdf(['--check'], received).output).toMatch(/file is damaged|xref not found/);

      const answer = await upload(received, `${name}.pdf`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.pageCount).toBe(1);

      const served = await downloadOriginal(answer.body.id as string);
      expect(served.equals(received), 'stored only repaired').toBe(false);
      expect(served.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(answer.body.sha256).toBe(sha256(served));
      expect(qpdf(['--check'], served)).toMatchObject({
        code: 0,
        output: expect.stringContaining('No syntax or stream encoding errors'),
      });
      // Readers that follow the trailer (qpdf here) find the page in the stored copy.
      expect(qpdf(['--show-npages'], served).output.trim()).toBe('1');

      const event = await world.client.auditEvent.findFirstOrThrow({
        where: { documentId: answer.body.id as string, type: 'document.uploaded' },
      });
      expect(JSON.parse(event.data)).toMatchObject({
        sha256: sha256(served),
        receivedSha256: sha256(received),
        repairs: expect.arrayContaining([expect.stringMatching(reason)]),
      });
    },
  );
});

describe('POST /api/v1/documents with numbers readers cannot hold', () => {
  it.each([
    {
      name: 'object-number-2^64+2.pdf',
      build: makeWrappingObjectNumberPdf,
      detail: /numbers an object .*beyond the 8,388,607 objects/,
    },
    {
      name: 'stream-length-10^20.pdf',
      build: makeOverflowingStreamLengthPdf,
      detail: /impossible length of 100000000000000000000 bytes/,
    },
  ])('refuses $name with a 422 problem+json that says why, and stores nothing', async ({ name, build, detail }) => {
    const count = await world.client.document.count();
    const answer = await upload(build(), name);
    expect(answer.status).toBe(422);
    expect(answer.type).toBe('application/problem+json');
    expect(answer.body).toMatchObject({ status: 422, code: 'UNSAFE_FILE', detail: expect.stringMatching(detail) });
    expect(await world.client.document.count()).toBe(count);
  });
});
