import { readFileSync, readdirSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findPdfScripts } from '@/lib/server/pdf/pdf-scripts';
import type { TUploadOwner } from '@/lib/server/documents/upload/create-document-from-upload';
import {
  type TUploadDeps,
  uploadLegacyDocument,
  uploadMultipartDocument,
} from '@/lib/server/documents/upload/upload-document';
import { requestMeta, SOCKET_ADDRESS_HEADER, SOCKET_ADDRESS_MARKER } from '@/lib/server/http/client-address';
import { formBody, multipartBody } from '@/lib/server/http/request-body';
import { OfficeConverter } from '@/lib/server/office/convert-to-pdf';
import { problemBody, type TProblem } from '@/lib/server/http/problem';
import { ZLegacyUploadForm } from '@/lib/upload/legacy-upload';
import { makeDocx } from '@/tests/fixtures/office-files';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { type TCorpusCase, writeUploadCorpus } from '@/tests/fixtures/upload-corpus';
import { createUploadWorld, listFiles, type TUploadWorld } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let world: TUploadWorld;
let deps: TUploadDeps;
let caller: TUploadOwner;
let corpus: TCorpusCase[];

function legacyRequest(fields: Record<string, string>): Request {
  return new Request('http://localhost/REST/uploadDocument', {
    method: 'POST',
    // As scripts/serve.mjs passes it on: the socket's peer, and an X-Forwarded-For the client made up.
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'legacy-client',
      [SOCKET_ADDRESS_HEADER]: '203.0.113.50',
      'x-forwarded-for': '198.51.100.7, 10.0.0.1',
    },
    body: new URLSearchParams(fields).toString(),
  });
}

function legacyFields(name: string, bytes: Buffer, overrides: Record<string, string> = {}) {
  const dot = name.lastIndexOf('.');
  return {
    docData: `data:application/octet-stream;base64,${bytes.toString('base64')}`,
    docOwner: caller.email,
    documentName: name,
    docExtension: dot === -1 ? '' : name.slice(dot + 1),
    applicationMode: 'EDIT',
    ...overrides,
  };
}

function multipartRequest(name: string, bytes: Buffer): Request {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return new Request('http://localhost/api/documents', { method: 'POST', body: form });
}

/** The operations as their routes call them (app/api/documents, app/(legacy)/REST/uploadDocument), with this world's deps. */
function uploadLegacy(request: Request, options: TUploadDeps = deps) {
  return uploadLegacyDocument(formBody(request, ZLegacyUploadForm)!, caller, requestMeta(request), options);
}
function uploadMultipart(request: Request, options: TUploadDeps = deps) {
  return uploadMultipartDocument(multipartBody(request)!, caller, requestMeta(request), options);
}

async function refusal(promise: Promise<unknown>): Promise<Partial<TProblem>> {
  return promise.then(
    () => ({ status: 200 }),
    async (error: unknown) => problemBody(error),
  );
}

beforeAll(async () => {
  (globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER] = true;
  vi.stubEnv('LOG_LEVEL', 'error');
  world = await createUploadWorld({ maxBytes: 2 * 1024 * 1024, maxPages: 500 });
  deps = {
    client: world.client,
    store: world.store,
    converter: world.converter,
    limits: world.limits,
    tempRoot: world.tempRoot,
  };
  caller = await userOnPlan(world.client, { email: 'ana@example.com' }, 'ENTERPRISE');
  corpus = await writeUploadCorpus(world.limits);
});

afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER];
  await world.client.$disconnect();
  vi.unstubAllEnvs();
});

describe('POST /REST/uploadDocument (legacy contract)', () => {
  it('answers uploadResult OK with doctoken, docname and docid of the new document', async () => {
    const pdf = await makePdf(2);
    const answer = await uploadLegacy(legacyRequest(legacyFields('offer.pdf', pdf)));
    expect(Object.keys(answer)).toEqual(['uploadResult', 'document']);
    expect(answer.uploadResult).toBe('OK');
    expect(Object.keys(answer.document)).toEqual(['doctoken', 'docname', 'docid']);
    const row = await world.client.document.findUniqueOrThrow({ where: { id: answer.document.docid } });
    expect(row).toMatchObject({
      token: answer.document.doctoken,
      name: 'offer.pdf',
      ownerId: caller.id,
      mode: 'EDIT',
      pageCount: 2,
    });
    expect((await world.store.get(row.originalBlob)).equals(pdf)).toBe(true);
    const event = await world.client.auditEvent.findFirstOrThrow({ where: { documentId: row.id } });
    expect(event).toMatchObject({ ip: '203.0.113.50', userAgent: 'legacy-client' });
  });

  it('converts an office document sent the legacy way', async () => {
    const answer = await uploadLegacy(legacyRequest(legacyFields('letter.docx', await makeDocx())));
    // The document is a PDF now: its name no longer claims .docx.
    expect(answer.document.docname).toBe('letter');
  });

  it('refuses a foreign docOwner with 403 and stores nothing', async () => {
    const before = listFiles(world.blobRoot);
    const body = await refusal(
      uploadLegacy(legacyRequest(legacyFields('a.pdf', await makePdf(1), { docOwner: 'eve@example.com' }))),
    );
    expect(body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(listFiles(world.blobRoot)).toEqual(before);
  });

  it.each([
    ['docData', 'hello'],
    ['docOwner', 'not-an-email'],
    ['documentName', ''],
    ['applicationMode', 'VIEW'],
  ])('answers 400 naming %s when it is %j', async (field, value) => {
    const body = await refusal(
      uploadLegacy(legacyRequest(legacyFields('a.pdf', Buffer.from('%PDF-'), { [field]: value }))),
    );
    expect(body).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    expect(body.errors?.[0]?.path).toBe(field);
  });

  // Another content type is the route's 415 (route-limits.test.ts, "the upload routes tell bodies apart").
  it('answers 413 for a body past the limit', async () => {
    const huge = legacyRequest(legacyFields('a.pdf', Buffer.alloc(4 * 1024 * 1024)));
    expect(await refusal(uploadLegacy(huge))).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });
});

describe('office conversion without a sandbox', () => {
  it('answers 503 problem+json saying conversion is unavailable, and stores nothing', async () => {
    const unsandboxed = new OfficeConverter({
      timeoutMs: 10_000,
      concurrency: 1,
      maxPages: 500,
      tempRoot: world.tempRoot,
      bwrap: '/bin/false',
    });
    const before = listFiles(world.blobRoot);
    const documents = await world.client.document.count();
    const body = await refusal(
      uploadMultipart(multipartRequest('letter.docx', await makeDocx()), { ...deps, converter: unsandboxed }),
    );
    expect(body).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      detail: expect.stringContaining('Office conversion is unavailable on this server'),
    });
    expect(listFiles(world.blobRoot)).toEqual(before);
    expect(await world.client.document.count()).toBe(documents);
  });
});

describe('the hostile corpus through both endpoints', () => {
  const endpoints = {
    legacy: (item: TCorpusCase) => uploadLegacy(legacyRequest(legacyFields(item.name, readFileSync(item.file)))),
    multipart: (item: TCorpusCase) => uploadMultipart(multipartRequest(item.name, readFileSync(item.file))),
  };

  it.each(Object.keys(endpoints) as (keyof typeof endpoints)[])(
    '%s: every hostile file gets a 4xx with a reason and changes nothing',
    async (endpoint) => {
      const blobs = listFiles(world.blobRoot);
      const documents = await world.client.document.count();
      for (const item of corpus.filter((entry) => 'refused' in entry.expect)) {
        const body = await refusal(endpoints[endpoint](item));
        const code = 'refused' in item.expect ? item.expect.refused : '';
        expect(body.status ?? 0, item.name).toBeGreaterThanOrEqual(400);
        expect(body.status ?? 0, item.name).toBeLessThan(500);
        expect(body, item.name).toMatchObject({ code, detail: expect.any(String) });
      }
      expect(listFiles(world.blobRoot)).toEqual(blobs);
      expect(await world.client.document.count()).toBe(documents);
      expect(readdirSync(world.tempRoot)).toEqual([]);
    },
  );

  it.each(Object.keys(endpoints) as (keyof typeof endpoints)[])(
    '%s: the JavaScript PDF is stored without its scripts',
    async (endpoint) => {
      const item = corpus.find((entry) => 'acceptedWithoutScripts' in entry.expect)!;
      const answer = await endpoints[endpoint](item);
      const row = await world.client.document.findUniqueOrThrow({ where: { id: answer.document.docid } });
      const stored = await world.store.get(row.currentBlob!);
      expect(findPdfScripts(await PDFDocument.load(stored))).toEqual([]);
    },
  );
});
