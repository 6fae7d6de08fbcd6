import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createDocumentFromUpload, type TUploadOwner } from '@/lib/server/documents/upload/create-document-from-upload';
import { readOwnedDocumentPdf } from '@/lib/server/documents/read-owned-document-pdf';
import { chunksOf, listFiles, uploadWorldForFile } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

vi.setConfig({ testTimeout: 120_000 });

const world = uploadWorldForFile();
const folder = path.join(import.meta.dirname, '../../fixtures/real-world');
const read = (name: string) => readFileSync(path.join(folder, `${name}.pdf`));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// See tests/fixtures/real-world/README.md for where each file comes from and what qpdf says of it.
const CLEAN = ['qpdf-minimal-1', 'qpdf-c-linearized', 'qpdf-hybrid-xref', 'pdfjs-bad-PageLabels', 'pdfjs-pdfjsbad1586'];
const ENCRYPTED = ['qpdf-encrypted-40-bit-R3', 'qpdf-20-pages'];
const DAMAGED_XREF = [
  // qpdf-bad-token-startxref and qpdf-bad-xref pass qpdf --check (qpdf reads past their damage quietly); pdf-lib and the xref check do not.
  'qpdf-append-xref-loop',
  'qpdf-bad-token-startxref',
  'qpdf-bad-xref-entry',
  'qpdf-bad-xref',
  'qpdf-dangling-bad-xref',
  'qpdf-global_damaged',
  'qpdf-linearized-and-warnings',
  'pdfjs-helloworld-bad',
  'pdfjs-xref_command_missing',
];
// Damaged otherwise: text before the header (PDF 2.0 example), a trailer /Root that misses the catalog (pdf-lib's asset).
const READER_RECOVERED = ['pdf20examples-with-offset-start', 'pdflib-invalid_root_ref'];

function qpdfCheckCode(bytes: Uint8Array): number {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'signet-rw-')), 'checked.pdf');
  writeFileSync(file, bytes);
  try {
    execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
    return 0;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

async function owner(): Promise<TUploadOwner> {
  return userOnPlan(world.client, { email: `rw-${Date.now()}-${Math.random()}@example.com` }, 'ENTERPRISE');
}

/** The PDF the owner downloads, read to its end (which gives its download slot back). */
async function servedPdf(token: string, ownerId: string): Promise<Buffer> {
  const read = await readOwnedDocumentPdf(token, ownerId, { client: world.client, store: world.store });
  return Buffer.from(await new Response(read!.body).arrayBuffer());
}

function upload(who: TUploadOwner, name: string, bytes: Uint8Array) {
  return createDocumentFromUpload({
    owner: who,
    fileName: `${name}.pdf`,
    data: chunksOf(bytes),
    client: world.client,
    store: world.store,
    converter: world.converter,
    limits: world.limits,
    tempRoot: world.tempRoot,
  });
}

describe('real-world PDFs from public corpora', () => {
  it('accepts the clean ones and serves each back byte for byte', async () => {
    const who = await owner();
    for (const name of CLEAN) {
      const bytes = read(name);
      expect(qpdfCheckCode(bytes), name).toBe(0);
      const document = await upload(who, name, bytes);
      const served = await servedPdf(document.token, who.id);
      expect(served.equals(bytes), name).toBe(true);
      expect(document.originalSha256).toBe(sha256(bytes));
    }
  });

  it('refuses the password-protected ones as encrypted', async () => {
    const who = await owner();
    for (const name of ENCRYPTED)
      await expect(upload(who, name, read(name)), name).rejects.toMatchObject({ code: 'ENCRYPTED_FILE' });
  });

  it('stores the damaged ones that readers repair only repaired: qpdf --check clean, the received hash in the audit trail', async () => {
    const who = await owner();
    for (const name of [...DAMAGED_XREF, ...READER_RECOVERED]) {
      const bytes = read(name);
      const document = await upload(who, name, bytes);
      const served = await servedPdf(document.token, who.id);
      expect(served.equals(bytes), `${name} is not stored as it came`).toBe(false);
      expect(qpdfCheckCode(served), `${name} is stored clean`).toBe(0);
      const event = await world.client.auditEvent.findFirstOrThrow({ where: { documentId: document.id } });
      expect(JSON.parse(event.data), name).toMatchObject({
        sha256: sha256(served),
        receivedSha256: sha256(bytes),
        repairs: expect.any(Array),
      });
    }
  });

  it('refuses one whose stream data is damaged beyond repair, saying so, and keeps nothing', async () => {
    const before = listFiles(world.blobRoot);
    await expect(upload(await owner(), 'qpdf-damaged-stream', read('qpdf-damaged-stream'))).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
      detail: expect.stringMatching(/damaged compressed data/),
    });
    expect(listFiles(world.blobRoot)).toEqual(before);
  });
});
