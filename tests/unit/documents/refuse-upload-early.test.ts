import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TUploadOwner } from '@/lib/server/documents/upload/create-document-from-upload';
import { getUploadUsage } from '@/lib/server/documents/upload/get-upload-usage';
import {
  type TUploadDeps,
  uploadLegacyDocument,
  uploadMultipartDocument,
} from '@/lib/server/documents/upload/upload-document';
import { requestMeta } from '@/lib/server/http/client-address';
import { problemResponse } from '@/lib/server/http/problem';
import { formBody, multipartBody } from '@/lib/server/http/request-body';
import { ZLegacyUploadForm } from '@/lib/upload/legacy-upload';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { createUploadWorld, type TUploadWorld } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let world: TUploadWorld;
let deps: TUploadDeps;
let n = 0;

beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'error');
  world = await createUploadWorld({ maxBytes: 2 * 1024 * 1024, maxPages: 500 });
  deps = {
    client: world.client,
    store: world.store,
    converter: world.converter,
    limits: world.limits,
    tempRoot: world.tempRoot,
  };
});

afterAll(async () => {
  await world.client.$disconnect();
  vi.unstubAllEnvs();
});

/** A Free user with `count` documents this month (a cancelled and a declined one among them). */
async function freeUser(count: number): Promise<TUploadOwner> {
  const user = await userOnPlan(world.client, { email: `free-${n++}@example.com` }, 'FREE');
  const statuses = ['CANCELLED', 'DECLINED', 'DRAFT', 'COMPLETED', 'PENDING'] as const;
  for (let index = 0; index < count; index++) {
    await world.client.document.create({
      data: {
        token: `t-${n++}`,
        name: 'x.pdf',
        ownerId: user.id,
        workspaceId: user.id,
        originalBlob: 'k',
        originalSha256: 'h',
        status: statuses[index % statuses.length],
      },
    });
  }
  return user;
}

/**
 * A body that counts what the server asks of it: no read-ahead (highWaterMark 0), so each pull is the server
 * reading. `contentLength` is what the request declares.
 */
function countedBody(bytes: Buffer, contentType: string, contentLength = bytes.byteLength) {
  const state = { pulls: 0 };
  let sent = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulls += 1;
        if (sent) return controller.close();
        sent = true;
        controller.enqueue(bytes);
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://localhost/api/documents', {
    method: 'POST',
    body: stream,
    duplex: 'half',
    headers: { 'content-type': contentType, 'content-length': String(contentLength) },
  } as RequestInit);
  return { request, state };
}

const boundary = 'signet-early-boundary';
function multipartBytes(name: string, file: Buffer): Buffer {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}
const multipartType = `multipart/form-data; boundary=${boundary}`;

/** The operations as their routes call them, with this world's deps (the routes close the connection on a refusal). */
const uploadMultipart = (request: Request, owner: TUploadOwner) =>
  uploadMultipartDocument(multipartBody(request)!, owner, requestMeta(request), deps);
const uploadLegacy = (request: Request, owner: TUploadOwner) =>
  uploadLegacyDocument(formBody(request, ZLegacyUploadForm)!, owner, requestMeta(request), deps);

async function answer(promise: Promise<unknown>): Promise<Response> {
  return promise.then(
    (body) => Response.json(body),
    (error: unknown) => problemResponse(error),
  );
}

describe('an upload refused before its body is read', () => {
  it('a Free user whose five documents are used (cancelled and declined ones count): 429 QUOTA_EXCEEDED, not a byte pulled, on both routes', async () => {
    const owner = await freeUser(5);
    const pdf = await makePdf(1);
    const multipart = countedBody(multipartBytes('sixth.pdf', pdf), multipartType);
    const refused = await answer(uploadMultipart(multipart.request, owner));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 5, used: 5 });
    expect(multipart.state.pulls, 'the refused body was not read').toBe(0);

    const fields = new URLSearchParams({
      docData: `data:application/pdf;base64,${pdf.toString('base64')}`,
      docOwner: 'x',
      documentName: 'a.pdf',
      docExtension: 'pdf',
      applicationMode: 'EDIT',
    });
    const legacy = countedBody(Buffer.from(fields.toString()), 'application/x-www-form-urlencoded');
    expect((await answer(uploadLegacy(legacy.request, owner))).status).toBe(429);
    expect(legacy.state.pulls, 'the refused legacy body was not read').toBe(0);
  });

  it('a declared size past the limit: 413 PAYLOAD_TOO_LARGE, not a byte pulled, whatever the plan', async () => {
    const owner = await userOnPlan(world.client, { email: `pro-${n++}@example.com` }, 'PRO');
    const pdf = await makePdf(1);
    const huge = countedBody(multipartBytes('huge.pdf', pdf), multipartType, world.limits.maxBytes + 128 * 1024);
    const refused = await answer(uploadMultipart(huge.request, owner));
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'The file is larger than the 2 MB allowed.',
    });
    expect(huge.state.pulls).toBe(0);
  });

  it('with one upload left, the fifth is read and stored, and the month then shows 5 of 5', async () => {
    const owner = await freeUser(4);
    expect((await getUploadUsage(owner, { client: world.client })).documents).toMatchObject({
      used: 4,
      limit: 5,
      remaining: 1,
    });
    const upload = countedBody(multipartBytes('fifth.pdf', await makePdf(1)), multipartType);
    const stored = await answer(uploadMultipart(upload.request, owner));
    expect(stored.status).toBe(200);
    expect(upload.state.pulls).toBeGreaterThan(0);
    expect((await getUploadUsage(owner, { client: world.client })).documents).toMatchObject({
      used: 5,
      limit: 5,
      remaining: 0,
    });
  });
});

describe('getUploadUsage', () => {
  it('counts the month as the quota does: deleted uploads included, last month not; no limit for Pro', async () => {
    const now = new Date('2026-11-22T08:00:00Z');
    const owner = await freeUser(0);
    await world.client.document.create({
      data: {
        token: `t-${n++}`,
        name: 'old.pdf',
        ownerId: owner.id,
        workspaceId: owner.id,
        originalBlob: 'k',
        originalSha256: 'h',
        createdAt: new Date('2026-10-31T23:59:59Z'),
      },
    });
    await world.client.document.create({
      data: {
        token: `t-${n++}`,
        name: 'new.pdf',
        ownerId: owner.id,
        workspaceId: owner.id,
        originalBlob: 'k',
        originalSha256: 'h',
        createdAt: new Date('2026-11-01T00:00:00Z'),
        status: 'CANCELLED',
      },
    });
    await world.client.deletedUpload.create({
      data: { ownerId: owner.id, workspaceId: owner.id, uploadedAt: new Date('2026-11-05T00:00:00Z') },
    });
    expect(await getUploadUsage(owner, { client: world.client, now })).toEqual({
      plan: 'free',
      documents: { used: 2, limit: 5, remaining: 3, resetsAt: '2026-12-01T00:00:00.000Z' },
    });
    const pro = await userOnPlan(world.client, { email: `pro-${n++}@example.com` }, 'PRO');
    expect(await getUploadUsage(pro, { client: world.client, now })).toEqual({
      plan: 'pro',
      documents: { used: 0, limit: null, remaining: null, resetsAt: '2026-12-01T00:00:00.000Z' },
    });
  });
});
