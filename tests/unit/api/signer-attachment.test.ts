import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { makeSizedPdf } from './helpers';
import { signerWorld } from './signer-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, sent, consent, putField, putRaw, auditTrail, fieldValue } = signerWorld();

// A well-formed 1×1 PNG: attachments are decoded and encoded again, and a damaged image is refused.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a494441547801630001000005000136d088dd0000000049454e44ae426082',
  'hex',
);

async function attachmentField() {
  const { document, people, fieldIds, tokens } = await sent(
    [{ email: 'ana@example.com', name: 'Ana' }],
    [
      { to: 0, type: 'signature' },
      { to: 0, type: 'attachment' },
      { to: 0, type: 'text', required: false },
    ],
  );
  await consent(people[0]!.id);
  return { document, token: tokens['ana@example.com']!, field: fieldIds[1]!, text: fieldIds[2]! };
}

function upload(token: string, fieldId: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  return putRaw(token, fieldId, { body: form });
}

const stored = async (fieldId: string) =>
  JSON.parse((await fieldValue(fieldId)) ?? 'null') as { key: string; sha256: string } | null;

describe('PUT …/fields/{fieldId} on an attachment field (multipart file)', () => {
  it('stores a PDF encrypted beside the document; the field shows its name and details, never the blob key', async () => {
    const { document, token, field } = await attachmentField();
    const pdf = await makeSizedPdf([[200, 200]]);
    const answer = await upload(token, field, pdf, 'C:\\scans\\ID card.pdf');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      id: field,
      value: 'ID card.pdf',
      attachment: { name: 'ID card.pdf', contentType: 'application/pdf', size: pdf.byteLength },
    });
    expect(JSON.stringify(answer.body)).not.toContain('documents/');

    const file = await stored(field);
    expect(file?.key).toMatch(
      new RegExp(`^${document.originalBlob.split('/').slice(0, 2).join('/')}/attachments/${field}-`),
    );
    const { getBlobStore } = await import('@/lib/server/storage/get-blob-store');
    expect(Buffer.compare(await getBlobStore().get(file!.key), Buffer.from(pdf))).toBe(0);
    // At rest the bytes are encrypted: the file on disk is not the PDF.
    const onDisk = path.join((await import('@/lib/env')).getEnv().dataDir, 'blobs', file!.key);
    expect(existsSync(onDisk)).toBe(true);
    expect(readFileSync(onDisk).includes(Buffer.from('%PDF'))).toBe(false);

    const event = (await auditTrail(document.id)).events.find((candidate) => candidate.type === 'field.filled');
    expect(event?.data).toMatchObject({
      fieldId: field,
      fieldType: 'attachment',
      file: { name: 'ID card.pdf', sha256: file!.sha256 },
    });
    expect(JSON.stringify(event)).not.toContain(file!.key);
  });

  it('replaces an earlier file (the old blob goes) and removes it with { value: null }', async () => {
    const { token, field } = await attachmentField();
    const { getBlobStore } = await import('@/lib/server/storage/get-blob-store');
    expect((await upload(token, field, await makeSizedPdf([[100, 100]]), 'a.pdf')).status).toBe(200);
    const first = (await stored(field))!.key;
    const second = await upload(token, field, PNG, 'photo.png');
    expect(second.body).toMatchObject({ value: 'photo.png', attachment: { contentType: 'image/png' } });
    expect(await getBlobStore().exists(first)).toBe(false);
    const secondKey = (await stored(field))!.key;
    const cleared = await putField(token, field, { value: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ value: null });
    expect(await fieldValue(field)).toBeNull();
    expect(await getBlobStore().exists(secondKey)).toBe(false);
  });

  it('refuses a file whose bytes are not a PDF, PNG or JPEG (415), an empty one (400), a JSON value (415), and keeps the earlier file', async () => {
    const { token, field } = await attachmentField();
    expect((await upload(token, field, PNG, 'keep.png')).status).toBe(200);
    const kept = await fieldValue(field);
    const script = await upload(token, field, Buffer.from('#!/bin/sh\necho pwned\n'), 'invoice.pdf');
    expect(script.status).toBe(415);
    expect((await upload(token, field, Buffer.from('PK\u0003\u0004 not really a zip'), 'a.png')).status).toBe(415);
    expect((await upload(token, field, new Uint8Array(0), 'empty.pdf')).status).toBe(400);
    expect((await putField(token, field, { value: 'a.pdf' })).status).toBe(415);
    expect(await fieldValue(field)).toBe(kept);
  });

  it('refuses a file over 10 MB with 413 and closes the connection; multipart on a data field is 415', async () => {
    const { token, field, text } = await attachmentField();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const form = new FormData();
    form.append('file', new Blob([big]), 'big.png');
    const response = await (
      await import('@/app/api/v1/signing/[token]/fields/[fieldId]/route')
    ).PUT(new Request('http://signet.test/x', { method: 'PUT', body: form }), {
      params: Promise.resolve({ token, fieldId: field }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(await fieldValue(field)).toBeNull();
    expect((await upload(token, text, PNG, 'a.png')).status).toBe(415);
    expect(await world.client.field.count({ where: { id: text, value: { not: null } } })).toBe(0);
  });
});
