// A signer's attachment is sealed into the PDF every recipient receives: what an outside signer sends must be
// refused or cleaned before it is kept (docs/uploads.md "Signer attachments").
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import {
  APPENDED_PAGE,
  GPS_MARKER,
  makeHtmlPdfPolyglot,
  makeJpeg,
  makePng,
  pngClaiming,
  withAppendedPage,
  withExif,
} from '@/tests/fixtures/attachment-files';
import { makeJavaScriptPdf, makePdf } from '@/tests/fixtures/pdf-files';
import { signerWorld } from './signer-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// Small limits, so the tests need no large files; read when the world starts.
const MAX_BYTES = 1024 * 1024;
vi.stubEnv('SIGNER_ATTACHMENT_MAX_BYTES', String(MAX_BYTES));
vi.stubEnv('SIGNER_ATTACHMENT_MAX_COUNT', '2');

const { world, routes, call, draft, sent, consent, putField, putRaw, fieldValue, auditTrail } = signerWorld();

async function attachmentFields(count = 2) {
  const { document, people, fieldIds, tokens } = await sent(
    [{ email: `ana-${Math.random().toString(36).slice(2, 8)}@example.com`, name: 'Ana' }],
    [
      { to: 0, type: 'signature' },
      ...Array.from({ length: count }, () => ({ to: 0, type: 'attachment', required: false })),
    ],
  );
  await consent(people[0]!.id);
  return { document, recipientId: people[0]!.id, token: Object.values(tokens)[0]!, fields: fieldIds.slice(1) };
}

function upload(token: string, fieldId: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  return putRaw(token, fieldId, { body: form });
}

type TStored = { key: string; name: string; contentType: string; size: number; sha256: string };
const stored = async (fieldId: string) => JSON.parse((await fieldValue(fieldId)) ?? 'null') as TStored | null;
const blob = async (file: TStored) =>
  (await import('@/lib/server/storage/get-blob-store')).getBlobStore().get(file.key);
const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

/** The PDF as qpdf writes it out uncompressed, object streams unpacked: every dictionary and string in plain sight. */
function uncompressed(pdf: Uint8Array): Buffer {
  const folder = mkdtempSync(path.join(tmpdir(), 'signet-attach-'));
  writeFileSync(path.join(folder, 'in.pdf'), pdf);
  const run = spawnSync(
    'qpdf',
    ['--qdf', '--object-streams=disable', '--stream-data=uncompress', 'in.pdf', 'out.pdf'],
    { cwd: folder },
  );
  // 3: written with warnings.
  if (run.status !== 0 && run.status !== 3) throw new Error(`qpdf failed: ${run.stderr.toString()}`);
  return readFileSync(path.join(folder, 'out.pdf'));
}

describe('a signer attachment is refused or cleaned before it is kept', () => {
  it('a PDF with JavaScript (/OpenAction, name tree, page and link actions) is kept without any of it', async () => {
    const { document, token, fields } = await attachmentFields();
    const hostile = await makeJavaScriptPdf();
    expect(has(uncompressed(hostile), 'app.alert')).toBe(true);
    const answer = await upload(token, fields[0]!, hostile, 'form.pdf');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const file = (await stored(fields[0]!))!;
    const bytes = await blob(file);
    const plain = uncompressed(bytes);
    for (const token of ['/JavaScript', '/OpenAction', '/JS', '/AA', 'app.alert'])
      expect(has(plain, token), token).toBe(false);
    // Still the signer's PDF, and the field describes what is stored, not what was sent.
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    expect(file).toMatchObject({
      name: 'form.pdf',
      contentType: 'application/pdf',
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(answer.body).toMatchObject({ attachment: { size: bytes.byteLength, sha256: file.sha256 } });
    // The trail says what was sent and what was taken out, as for an owner's upload.
    const event = (await auditTrail(document.id)).events.find((candidate) => candidate.type === 'field.filled');
    expect(event?.data).toMatchObject({
      file: { name: 'form.pdf', sha256: file.sha256 },
      receivedSha256: createHash('sha256').update(hostile).digest('hex'),
      scriptsRemoved: expect.arrayContaining(['/OpenAction', '/JavaScript name tree']),
    });
  });

  it('a PDF that is also a web page, named Invoice.html, is refused (422 UNSAFE_FILE) and nothing is kept', async () => {
    const { token, fields } = await attachmentFields();
    const answer = await upload(token, fields[0]!, await makeHtmlPdfPolyglot(), 'Invoice.html');
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'UNSAFE_FILE', detail: expect.stringMatching(/web page/) });
    expect(await fieldValue(fields[0]!)).toBeNull();
  });

  it("a misleading extension is replaced by the detected type's, and the name loses folders and bidi tricks", async () => {
    const { token, fields } = await attachmentFields();
    const pdf = await upload(token, fields[0]!, await makePdf(1), 'C:\\Users\\x\\Invoice.html');
    expect(pdf.body).toMatchObject({
      value: 'Invoice.pdf',
      attachment: { name: 'Invoice.pdf', contentType: 'application/pdf' },
    });
    // "photo‮gpj.exe" shows as "photoexe.jpg" in a right-to-left-aware list; it holds a PNG.
    const png = await upload(token, fields[1]!, makePng(4, 4), 'photo\u202egpj.exe');
    expect(png.body).toMatchObject({
      value: 'photogpj.png',
      attachment: { name: 'photogpj.png', contentType: 'image/png' },
    });
    expect((await stored(fields[1]!))?.key).toMatch(/\.png$/);
  });

  it('a real PDF whose header follows text is taken as uploads take it: kept repaired, from its header on', async () => {
    const { token, fields } = await attachmentFields();
    const sent = readFileSync(
      path.join(process.cwd(), 'tests/fixtures/real-world/pdf20examples-with-offset-start.pdf'),
    );
    expect(sent.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    const answer = await upload(token, fields[0]!, sent, 'offset.pdf');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const bytes = await blob((await stored(fields[0]!))!);
    expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const folder = mkdtempSync(path.join(tmpdir(), 'signet-attach-'));
    writeFileSync(path.join(folder, 'kept.pdf'), bytes);
    expect(spawnSync('qpdf', ['--check', 'kept.pdf'], { cwd: folder }).status).toBe(0);
  });

  it('an image is encoded again: EXIF with GPS and an appended page are gone', async () => {
    const { token, fields } = await attachmentFields();
    const jpeg = withAppendedPage(withExif(makeJpeg(32, 16), 1));
    expect((await upload(token, fields[0]!, jpeg, 'id.jpg')).status).toBe(200);
    const jpegBytes = await blob((await stored(fields[0]!))!);
    for (const text of [GPS_MARKER, 'Exif', APPENDED_PAGE.slice(0, 24)]) expect(has(jpegBytes, text), text).toBe(false);
    expect(Buffer.from(jpegBytes).subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));

    expect((await upload(token, fields[1]!, withAppendedPage(makePng(5, 5)), 'scan.png')).status).toBe(200);
    const pngBytes = await blob((await stored(fields[1]!))!);
    expect(has(pngBytes, '<script')).toBe(false);
    expect(Buffer.from(pngBytes).subarray(-8).toString('latin1')).toBe(
      Buffer.from('IEND\xaeB`\x82', 'latin1').toString('latin1'),
    );
  });

  it('an image whose header claims billions of pixels is refused (413) before it is decoded', async () => {
    const { token, fields } = await attachmentFields();
    const answer = await upload(token, fields[0]!, pngClaiming(60_000, 60_000), 'small.png');
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', detail: expect.stringMatching(/megapixels/) });
    expect(await fieldValue(fields[0]!)).toBeNull();
  });
});

describe('limits on what a signer sends', () => {
  it('refuses a file over SIGNER_ATTACHMENT_MAX_BYTES (413, problem+json), and a larger declared body before reading it', async () => {
    const { token, fields } = await attachmentFields();
    const big = await upload(token, fields[0]!, Buffer.concat([makePng(2, 2), Buffer.alloc(MAX_BYTES)]), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'An attachment may be at most 1 MB.',
      errors: [{ path: 'file' }],
    });

    // A body that says it is larger: answered without a byte of it read, the connection closed.
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await routes.field.PUT(
      new Request('http://signet.test/x', {
        method: 'PUT',
        body,
        duplex: 'half',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_BYTES * 5) },
      } as RequestInit),
      { params: Promise.resolve({ token, fieldId: fields[0]! }) },
    );
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    // The stream's own read-ahead at most (one chunk): the route read nothing.
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await fieldValue(fields[0]!)).toBeNull();
  });

  it('refuses more than SIGNER_ATTACHMENT_MAX_COUNT files per recipient (422), replacing one is fine; a draft with more such fields is not sent', async () => {
    const { document, recipientId, token, fields } = await attachmentFields(2);
    // A third attachment field, as an instance whose limit was lowered after sending would have.
    const third = await world.client.field.create({
      data: {
        documentId: document.id,
        recipientId,
        type: 'ATTACHMENT',
        page: 1,
        x: 300,
        y: 10,
        width: 100,
        height: 20,
        required: false,
      },
    });
    expect((await upload(token, fields[0]!, makePng(2, 2), 'a.png')).status).toBe(200);
    expect((await upload(token, fields[1]!, makePng(2, 2), 'b.png')).status).toBe(200);
    const refused = await upload(token, third.id, makePng(2, 2), 'c.png');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'UNPROCESSABLE',
      reason: 'too_many_attachments',
      limit: 2,
      detail: expect.stringMatching(/remove one/),
    });
    expect(await fieldValue(third.id)).toBeNull();
    expect((await upload(token, fields[1]!, makePng(3, 3), 'b2.png')).status).toBe(200);
    expect((await putField(token, fields[0]!, { value: null })).status).toBe(200);
    expect((await upload(token, third.id, makePng(2, 2), 'c.png')).status).toBe(200);

    const fresh = await draft();
    const people = (
      await call(routes.recipients.PUT, 'PUT', '/x', {
        params: { id: fresh.id },
        body: { recipients: [{ email: 'bo@example.com', name: 'Bo' }] },
      })
    ).body?.recipients as { id: string }[];
    const placed = [{ type: 'signature' }, { type: 'attachment' }, { type: 'attachment' }, { type: 'attachment' }].map(
      (field, index) => ({ ...field, recipientId: people[0]!.id, page: 1, x: 10, y: 10 + 30 * index }),
    );
    expect(
      (await call(routes.fields.PUT, 'PUT', '/x', { params: { id: fresh.id }, body: { fields: placed } })).status,
    ).toBe(200);
    const send = await call(routes.send.POST, 'POST', '/x', { params: { id: fresh.id }, body: {} });
    expect(send.status).toBe(400);
    expect(send.body).toMatchObject({
      errors: [
        { path: 'recipients.0.fields', message: 'Bo has 3 attachment fields; a recipient may attach at most 2 files.' },
      ],
    });
  });

  it('takes two attachment bodies at once per signing link; a third is refused (429, Retry-After) without being read', async () => {
    const { token, fields } = await attachmentFields(2);
    const boundary = 'signet-test-boundary';
    const head = (name: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    // A body that sends its first part, then waits until released: its request holds a slot meanwhile.
    function held(name: string) {
      let release = () => {};
      let reading = () => {};
      const read = new Promise<void>((resolve) => (reading = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      let sentHead = false;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!sentHead) {
            sentHead = true;
            controller.enqueue(head(name));
            return;
          }
          reading();
          await released;
          controller.enqueue(Buffer.concat([makePng(2, 2), tail]));
          controller.close();
        },
      });
      const request = new Request('http://signet.test/x', {
        method: 'PUT',
        body,
        duplex: 'half',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      } as RequestInit);
      return { request, read, release };
    }
    const first = held('a.png');
    const second = held('b.png');
    const answers = [first, second].map((body, index) =>
      routes.field.PUT(body.request, { params: Promise.resolve({ token, fieldId: fields[index]! }) }),
    );
    await Promise.all([first.read, second.read]);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePng(2, 2))]), 'c.png');
    const third = await routes.field.PUT(new Request('http://signet.test/x', { method: 'PUT', body: form }), {
      params: Promise.resolve({ token, fieldId: fields[0]! }),
    });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('5');
    expect(third.headers.get('connection')).toBe('close');
    expect(await third.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringMatching(/already being received/),
    });

    first.release();
    second.release();
    expect((await Promise.all(answers)).map((response) => response.status)).toEqual([200, 200]);
    expect((await upload(token, fields[0]!, makePng(2, 2), 'd.png')).status).toBe(200);
  });
});
