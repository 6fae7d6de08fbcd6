import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ZValidationReport } from '@/lib/api/v1/validate';
import { SOCKET_ADDRESS_HEADER, SOCKET_ADDRESS_MARKER } from '@/lib/server/http/client-address';
import type { PdfValidator } from '@/lib/server/validate/pdf-validator';
import type { TTrustAnchors } from '@/lib/server/validate/trust-anchors';
import { foreignCms, manyRevisionsPdf } from '@/tests/fixtures/hostile-signed-pdfs';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';
import { anchors, appendPage, plainPdf, signWithLibpdf } from '@/tests/unit/validate/helpers';
import { apiWorld } from './helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));
// The route's anchors: this test's CA stands in for the instance CA (lib/server/trust/instance-ca.ts is the SEAL part's).
const testAnchors = vi.hoisted(() => ({ current: { instance: [], system: [] } as TTrustAnchors }));
vi.mock('@/lib/server/validate/load-trust-anchors', () => ({ loadTrustAnchors: async () => testAnchors.current }));

// Before apiWorld's setup, which parses the environment once.
vi.stubEnv('RATE_LIMITS', 'validate=12/60');
vi.stubEnv('UPLOAD_MAX_BYTES', String(512 * 1024));
const { world, draft } = apiWorld();
// As scripts/serve.mjs does: the socket's peer in a header the app trusts.
(globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER] = true;
let route: typeof import('@/app/api/v1/validate/route');
// With the route's module graph (apiWorld resets modules): its AppError is the one the route maps.
let Validator: typeof PdfValidator;
let pki: TTestPki;

beforeAll(async () => {
  route = await import('@/app/api/v1/validate/route');
  Validator = (await import('@/lib/server/validate/pdf-validator')).PdfValidator;
  pki = makeTestPki('API Test Root');
  testAnchors.current = anchors({ instance: [pki.caPem] });
});

let address = 0;
/** Each call from its own client address unless `from` is given, so the rate limit test alone meets the limit. */
async function validate(bytes: Uint8Array | null, options: { name?: string; from?: string } = {}) {
  const form = new FormData();
  if (bytes)
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), options.name ?? 'signed.pdf');
  else form.append('note', 'no file');
  address += 1;
  const request = new Request('http://signet.test/api/v1/validate', {
    method: 'POST',
    headers: { [SOCKET_ADDRESS_HEADER]: options.from ?? `203.0.113.${address}` },
    body: form,
  });
  const response = await route.POST(request, { params: Promise.resolve({}) });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const holder = globalThis as typeof globalThis & { signetPdfValidator?: PdfValidator };

/** Runs `work` with the route's validator replaced by `validator` (the route takes the process-wide one). */
async function withValidator<T>(validator: PdfValidator, work: () => Promise<T>): Promise<T> {
  const previous = holder.signetPdfValidator;
  holder.signetPdfValidator = validator;
  try {
    return await work();
  } finally {
    holder.signetPdfValidator = previous;
    await validator.close();
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('POST /api/v1/validate', () => {
  it('answers a validation report (ZValidationReport), without credentials, and stores nothing', async () => {
    const before = await world.client.document.count();
    const signed = await signWithLibpdf(await plainPdf(1), pki);
    const answer = await validate(signed);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const report = ZValidationReport.parse(answer.body);
    expect(report).toMatchObject({
      verdict: 'valid',
      signatures: [{ trust: 'instance', intact: true, level: 'B-B', coversWholeDocument: true }],
    });
    expect(report.signet).toBeUndefined();
    expect((await validate(await appendPage(signed))).body.verdict).toBe('modified');
    expect((await validate(await plainPdf(1))).body).toEqual({ verdict: 'unsigned', signatures: [] });
    expect(await world.client.document.count()).toBe(before);
  });

  it('refuses like an upload: no file 400, not a PDF 415, too large 413, encrypted or damaged 422', async () => {
    expect((await validate(null)).status).toBe(400);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect((await validate(png, { name: 'photo.pdf' })).body).toMatchObject({
      status: 415,
      code: 'FILE_TYPE_MISMATCH',
    });
    const big = new Uint8Array(600 * 1024).fill(32);
    big.set(Buffer.from('%PDF-1.7\n'));
    expect((await validate(big)).body).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const broken = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n%%EOF\n');
    expect((await validate(broken)).status).toBe(422);
  });

  it('takes a real PDF whose header follows text (as uploads do), and judges damaged real files as sent, never running qpdf', async () => {
    const realWorld = (name: string) => readFileSync(path.join(process.cwd(), 'tests/fixtures/real-world', name));
    // With no qpdf to find, a repair or a qpdf check would refuse the file (CORRUPT_FILE, "qpdf is not installed").
    const savedPath = process.env.PATH;
    process.env.PATH = mkdtempSync(path.join(tmpdir(), 'signet-no-qpdf-'));
    try {
      const answers = await withValidator(
        new Validator({ workers: 1, maxHeapMb: 512, timeoutMs: 60_000, maxQueue: 8 }),
        async () => {
          const list = [];
          for (const name of [
            'pdf20examples-with-offset-start.pdf',
            'qpdf-bad-xref.pdf',
            'pdfjs-xref_command_missing.pdf',
            'pdflib-invalid_root_ref.pdf',
          ])
            list.push({ name, ...(await validate(realWorld(name), { name })) });
          return list;
        },
      );
      for (const answer of answers)
        expect(answer, answer.name).toMatchObject({ status: 200, body: { verdict: 'unsigned', signatures: [] } });
    } finally {
      process.env.PATH = savedPath;
    }
    // Its rule is the uploads' one: a file with other binary data before its header is still no PDF.
    const polyglot = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), await plainPdf(1)]);
    expect((await validate(polyglot)).body).toMatchObject({ status: 415, code: 'FILE_TYPE_MISMATCH' });
  }, 120_000);

  it('is rate-limited per client address (429 with Retry-After)', async () => {
    const pdf = await plainPdf(1);
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await validate(pdf, { from: '198.51.100.7' })).status);
    expect(statuses.slice(0, 12).every((status) => status === 200)).toBe(true);
    const refused = await validate(pdf, { from: '198.51.100.7' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the signet part, for documents sealed here', () => {
  async function sealedHere(options: { tamper?: boolean } = {}) {
    const document = await draft();
    const recipient = await world.client.recipient.create({
      data: { documentId: document.id, email: 'ana@example.com', name: 'Ana Lima' },
    });
    const { appendAuditEvent } = await import('@/lib/server/audit/append-audit-event');
    await appendAuditEvent(world.client, {
      documentId: document.id,
      type: 'document.sent',
      actor: 'owner@example.com',
      data: { recipients: 1 },
    });
    await appendAuditEvent(world.client, {
      documentId: document.id,
      type: 'recipient.signed',
      actor: 'ana@example.com',
      ip: '203.0.113.9',
      data: { recipientId: recipient.id },
    });
    const stored = await world.client.auditEvent.findMany({
      where: { documentId: document.id },
      orderBy: { at: 'asc' },
    });
    const head = await world.client.document.findUniqueOrThrow({ where: { id: document.id } });
    const events = stored.map((event) => ({
      ...event,
      at: event.at.toISOString(),
      data: JSON.parse(event.data) as unknown,
    }));
    if (options.tamper && events[1]) events[1].actor = 'mallory@example.com';
    const pdf = await PDFDocument.load(await plainPdf(1));
    await pdf.attach(
      Buffer.from(JSON.stringify({ documentId: document.id, events, head: head.auditHead, count: head.auditCount })),
      'signet-audit.json',
      { mimeType: 'application/json' },
    );
    const records = [
      { recipientId: recipient.id, fieldId: 'f1', envelope: 'x' },
      { recipientId: recipient.id, fieldId: 'f2', envelope: 'y' },
    ];
    await pdf.attach(Buffer.from(JSON.stringify({ documentId: document.id, records })), 'signet-biometric.json', {
      mimeType: 'application/json',
    });
    const sealed = await signWithLibpdf(await pdf.save({ useObjectStreams: false }), pki);
    const completedAt = new Date('2026-11-20T10:00:00Z');
    // The finalize step stores the sealed hash; its own audit event follows the embedded ones.
    await world.client.document.update({
      where: { id: document.id },
      data: { sealedSha256: sha256(sealed), completedAt, status: 'COMPLETED' },
    });
    await appendAuditEvent(world.client, { documentId: document.id, type: 'document.completed', actor: 'system' });
    return { document, recipient, sealed, completedAt };
  }

  it('re-verifies the embedded audit chain against the stored one, counts biometric records, and matches the sealed record', async () => {
    const { document, recipient, sealed, completedAt } = await sealedHere();
    const report = ZValidationReport.parse((await validate(sealed)).body);
    expect(report.verdict).toBe('valid');
    expect(report.signet).toEqual({
      documentId: document.id,
      recordFound: true,
      matchesRecord: true,
      sealedAt: completedAt.toISOString(),
      auditChainValid: true,
      biometric: { signers: [{ recipientId: recipient.id, name: 'Ana Lima', records: 2 }] },
    });
  });

  it('a copy whose blobs were purged still matches its record by hash', async () => {
    const { document, sealed } = await sealedHere();
    await world.client.document.update({ where: { id: document.id }, data: { sealedBlob: null, currentBlob: null } });
    const report = ZValidationReport.parse((await validate(sealed)).body);
    expect(report.signet).toMatchObject({ documentId: document.id, matchesRecord: true, auditChainValid: true });
  });

  it('an embedded audit trail that was edited does not verify (and then the names are not looked up)', async () => {
    const { document, recipient, sealed } = await sealedHere({ tamper: true });
    // Unsealed copy: the hash is not the record's either, so only the embedded chain could vouch for it.
    await world.client.document.update({ where: { id: document.id }, data: { sealedSha256: 'f'.repeat(64) } });
    const report = ZValidationReport.parse((await validate(sealed)).body);
    expect(report.signet).toMatchObject({
      documentId: document.id,
      recordFound: true,
      matchesRecord: false,
      sealedAt: null,
      auditChainValid: false,
    });
    expect(report.signet?.biometric.signers).toEqual([{ recipientId: recipient.id, name: null, records: 2 }]);
  });

  it('evidence naming a document this instance does not know: reported as unknown, nothing looked up', async () => {
    const pdf = await PDFDocument.load(await plainPdf(1));
    await pdf.attach(
      Buffer.from(JSON.stringify({ documentId: 'doc-from-elsewhere', events: [], head: null, count: 0 })),
      'signet-audit.json',
      { mimeType: 'application/json' },
    );
    const report = ZValidationReport.parse(
      (await validate(await signWithLibpdf(await pdf.save({ useObjectStreams: false }), pki))).body,
    );
    expect(report.signet).toEqual({
      documentId: 'doc-from-elsewhere',
      recordFound: false,
      matchesRecord: false,
      sealedAt: null,
      auditChainValid: false,
      biometric: { signers: [] },
    });
  });
});

describe('files too complex to validate, and a busy validator', () => {
  it('past the time budget: 422 problem+json, code TOO_COMPLEX, saying so', async () => {
    const signed = await signWithLibpdf(await plainPdf(1), pki);
    const answer = await withValidator(new Validator({ workers: 1, maxHeapMb: 512, timeoutMs: 1, maxQueue: 8 }), () =>
      validate(signed),
    );
    expect(answer.status).toBe(422);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.body).toMatchObject({
      status: 422,
      code: 'TOO_COMPLEX',
      detail: expect.stringMatching(/too complex to validate/),
    });
  }, 60_000);

  it('saturated while bodies are still arriving: the next file is refused 503 before a byte of it is read', async () => {
    const small = new Validator({ workers: 1, maxHeapMb: 512, timeoutMs: 60_000, maxQueue: 1 });
    const pdf = await plainPdf(1);
    const boundary = 'signet-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    /** A body that sends its first bytes, then waits until released; `pulls` counts what the server asked of it. */
    function body(options: { hold: boolean }) {
      let release = () => {};
      let reading = () => {};
      const read = new Promise<void>((resolve) => (reading = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const state = { pulls: 0 };
      const stream = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            state.pulls += 1;
            if (state.pulls === 1) return controller.enqueue(Buffer.concat([head, pdf.subarray(0, 100)]));
            reading();
            if (options.hold) await released;
            controller.enqueue(Buffer.concat([pdf.subarray(100), tail]));
            controller.close();
          },
          // No read-ahead: a pull is the server asking for bytes.
        },
        { highWaterMark: 0 },
      );
      address += 1;
      const request = new Request('http://signet.test/api/v1/validate', {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: {
          [SOCKET_ADDRESS_HEADER]: `192.0.2.${address % 250}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      } as RequestInit);
      return { request, read, release, state };
    }
    const held = [body({ hold: true }), body({ hold: true })];
    await withValidator(small, async () => {
      const answers = held.map((one) => route.POST(one.request, { params: Promise.resolve({}) }));
      await Promise.all(held.map((one) => one.read));
      const third = body({ hold: false });
      const refused = await route.POST(third.request, { params: Promise.resolve({}) });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(third.state.pulls, 'the refused body was not read').toBe(0);
      // The places are given back: the held files are validated, and the next one is taken.
      for (const one of held) one.release();
      for (const answer of await Promise.all(answers)) expect(answer.status).toBe(200);
      expect((await validate(pdf)).status).toBe(200);
    });
  }, 120_000);

  it('its queue full: 503 problem+json with Retry-After', async () => {
    const busy = new Validator({ workers: 1, maxHeapMb: 512, timeoutMs: 120_000, maxQueue: 0 });
    const answer = await withValidator(busy, async () => {
      const running = busy.validate(manyRevisionsPdf({ cms: foreignCms(pki) }, { count: 16, bulk: 200_000 }), {
        maxPages: 500,
        anchors: testAnchors.current,
      });
      const refused = await validate(await signWithLibpdf(await plainPdf(1), pki));
      await running;
      return refused;
    });
    expect(answer.status).toBe(503);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.body).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  }, 120_000);
});
