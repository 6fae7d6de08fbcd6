import { createHash, randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { appDatabase, tempDir } from '@/tests/unit/db/helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route handler, whatever its params
type THandler = (request: Request, context: { params: Promise<any> }) => Promise<Response> | Response;

/** A page size per page, with an optional rotation, e.g. [[612, 792], [842, 595, 90]]. */
export type TPages = [number, number, number?][];

export async function makeSizedPdf(pages: TPages): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (const [width, height, rotation] of pages) {
    const page = document.addPage([width, height]);
    if (rotation) page.setRotation({ type: 'degrees', angle: rotation } as never);
  }
  return document.save();
}

/**
 * The v1 API's route handlers called in-process against a migrated SQLite
 * file and local blob store, authenticated with a real API key (the Bearer
 * path needs no Next request context).
 */
export function apiWorld() {
  const world = {} as {
    client: TDbClient;
    owner: { id: string; email: string };
    key: string;
    /** Another user's key, for the 404-on-foreign-ids checks. */
    otherKey: string;
  };

  async function userWithKey(email: string) {
    const user = await userOnPlan(world.client, { email }, 'PRO');
    const { createApiKey } = await import('@/lib/server/api-keys/create-api-key');
    return { user, key: (await createApiKey(user.id, 'test')).secret };
  }

  beforeAll(async () => {
    world.client = await appDatabase(tempDir('signet-api-'), { APP_URL: 'http://signet.test' });
    const mine = await userWithKey('owner@example.com');
    world.owner = mine.user;
    world.key = mine.key;
    world.otherKey = (await userWithKey('other@example.com')).key;
  });

  afterAll(async () => {
    await world.client.$disconnect();
    vi.unstubAllEnvs();
  });

  /** Calls a route module's handler as Next would. */
  async function call(
    handler: THandler,
    method: string,
    path: string,
    options: {
      body?: unknown;
      params?: Record<string, string>;
      key?: string | null;
      headers?: Record<string, string>;
    } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? world.key : options.key;
    if (key) headers.authorization = `Bearer ${key}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const request = new Request(`http://signet.test${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown> & { errors?: { path: string }[] }) : null,
    };
  }

  /** A draft of the owner's (in their personal workspace unless told), its PDF in the blob store, as an upload leaves it. */
  async function draft(pages: TPages = [[612, 792]], ownerId = world.owner.id, workspaceId = ownerId) {
    const pdf = await makeSizedPdf(pages);
    const { getBlobStore } = await import('@/lib/server/storage/get-blob-store');
    const key = `documents/${randomUUID()}/original.pdf`;
    await getBlobStore().put(key, pdf);
    return world.client.document.create({
      data: {
        token: randomUUID().replaceAll('-', ''),
        name: 'Contract.pdf',
        ownerId,
        workspaceId,
        originalBlob: key,
        originalSha256: createHash('sha256').update(pdf).digest('hex'),
        pageCount: pages.length,
      },
    });
  }

  return { world, call, draft };
}
