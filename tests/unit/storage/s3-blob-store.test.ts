import { createHash, randomBytes } from 'node:crypto';
import {
  CopyObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { createS3Client, S3BlobStore } from '@/lib/server/storage/s3-blob-store';
import { tempSqliteUrl } from '../db/helpers';
import { startS3Server, type TS3Server } from './s3-server';

let server: TS3Server;
let client: S3Client;
let store: S3BlobStore;

const env = (endpoint: string) => ({
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: true,
});

async function raw(key: string): Promise<Buffer> {
  const answer = await client.send(new GetObjectCommand({ Bucket: server.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

async function listKeys(): Promise<string[]> {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: server.bucket }));
  return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
}

beforeAll(async () => {
  server = await startS3Server();
  client = createS3Client(env(server.endpoint));
});

afterAll(async () => {
  client.destroy();
  await server.stop();
});

beforeEach(async () => {
  store = new S3BlobStore(client, server.bucket, randomBytes(32));
  for (const key of await listKeys()) await store.delete(key);
});

describe('S3BlobStore', () => {
  it('round-trips bytes and reports size and SHA-256', async () => {
    const data = Buffer.from('%PDF-1.7 hello');
    const stored = await store.put('documents/a/original.pdf', data);
    expect(stored).toEqual({
      key: 'documents/a/original.pdf',
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    expect((await store.get('documents/a/original.pdf')).equals(data)).toBe(true);
  });

  it('puts only ciphertext in the bucket', async () => {
    const secret = Buffer.from('CONFIDENTIAL CONTRACT TERMS '.repeat(20));
    await store.put('k/secret', secret);
    const inBucket = await raw('k/secret');
    expect(inBucket.includes(Buffer.from('CONFIDENTIAL'))).toBe(false);
    expect(inBucket.length).toBe(secret.length + 5 + 12 + 16);
    // A stolen bucket with another key opens nothing.
    await expect(new S3BlobStore(client, server.bucket, randomBytes(32)).get('k/secret')).rejects.toMatchObject({
      code: 'INTERNAL',
    });
  });

  it('streams a large blob up in parts', async () => {
    const part = randomBytes(1024 * 1024);
    async function* twelveMegabytes() {
      for (let i = 0; i < 12; i++) yield part;
    }
    const stored = await store.put('k/large', twelveMegabytes());
    expect(stored.size).toBe(12 * part.length);
    const back = await store.get('k/large');
    expect(createHash('sha256').update(back).digest('hex')).toBe(stored.sha256);
  });

  it('detects a flipped byte and a blob moved under another key', async () => {
    await store.put('k/x', Buffer.from('important'));
    const bytes = await raw('k/x');
    bytes[20] = (bytes[20] ?? 0) ^ 0xff;
    await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: 'k/x', Body: bytes }));
    await expect(store.get('k/x')).rejects.toMatchObject({ code: 'INTERNAL' });
    await store.put('k/a', Buffer.from('alpha'));
    await client.send(new CopyObjectCommand({ Bucket: server.bucket, Key: 'k/b', CopySource: `${server.bucket}/k/a` }));
    await expect(store.get('k/b')).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('answers NOT_FOUND for a missing blob', async () => {
    await expect(store.get('k/missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await store.exists('k/missing')).toBe(false);
  });

  it.each(['../escape', '/abs', 'a/../b', 'a//b', '', 'a b'])('refuses the key %j', async (key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('leaves nothing behind when the input fails midway, small or multipart', async () => {
    // s3rver lacks AbortMultipartUpload; the driver logs that and still reports the input's error.
    vi.stubEnv('LOG_LEVEL', 'error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    async function* failing(size: number) {
      yield randomBytes(size);
      throw new Error('client went away');
    }
    await expect(store.put('k/broken', failing(100))).rejects.toThrow('client went away');
    await expect(store.put('k/broken-large', failing(6 * 1024 * 1024))).rejects.toThrow('client went away');
    expect(await store.exists('k/broken')).toBe(false);
    expect(await listKeys()).toEqual([]);
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('deletes, and the health probe cleans up after itself', async () => {
    await store.put('k/d', Buffer.from('x'));
    expect(await store.exists('k/d')).toBe(true);
    await store.delete('k/d');
    expect(await store.exists('k/d')).toBe(false);
    await store.health();
    expect(await listKeys()).toEqual([]);
  });

  it('lists the blobs under a prefix with when they were written (the sweeper reads it)', async () => {
    const before = Date.now() - 60_000;
    for (const key of ['documents/a/original.pdf', 'documents/a/current.pdf', 'documents/b/original.docx', 'other/x'])
      await store.put(key, Buffer.from(key));
    const listed: { key: string; modified: Date }[] = [];
    for await (const blob of store.list('documents/')) listed.push(blob);
    expect(listed.map((blob) => blob.key).sort()).toEqual([
      'documents/a/current.pdf',
      'documents/a/original.pdf',
      'documents/b/original.docx',
    ]);
    for (const blob of listed) expect(blob.modified.getTime()).toBeGreaterThan(before);
  });

  it('fails its health probe when the server is unreachable', async () => {
    const down = createS3Client({ ...env('http://127.0.0.1:9'), S3_REGION: 'us-east-1' });
    await expect(new S3BlobStore(down, server.bucket, randomBytes(32)).health()).rejects.toThrow();
    down.destroy();
  });
});

describe('getBlobStore and /api/health with STORAGE_DRIVER=s3', () => {
  async function withS3Env<T>(endpoint: string, run: () => Promise<T>): Promise<T> {
    vi.resetModules();
    const dbUrl = tempSqliteUrl();
    await migrateDatabase(dbUrl);
    const vars = {
      ...env(endpoint),
      S3_FORCE_PATH_STYLE: 'true',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: server.bucket,
      BLOB_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DATABASE_URL: dbUrl,
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'error',
    };
    for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
    const holder = globalThis as { signetDb?: { $disconnect: () => Promise<void> } };
    try {
      return await run();
    } finally {
      await holder.signetDb?.$disconnect();
      delete holder.signetDb;
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  }

  it('selects the S3 driver and health reports storage ok', async () => {
    await withS3Env(server.endpoint, async () => {
      const { getBlobStore } = await import('@/lib/server/storage/get-blob-store');
      expect(getBlobStore().driver).toBe('s3');
      const { checkHealth } = await import('@/lib/server/health/check-health');
      const health = await checkHealth();
      expect(health).toMatchObject({ status: 'ok', db: 'ok', storage: 'ok', jobs: 'ok', queue: { failed: 0 } });
      expect(health).not.toHaveProperty('failing');
    });
  });

  it('reports storage down when the S3 server is unreachable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await withS3Env('http://127.0.0.1:9', async () => {
      const { checkHealth } = await import('@/lib/server/health/check-health');
      expect(await checkHealth()).toMatchObject({
        status: 'degraded',
        storage: 'down',
        db: 'ok',
        failing: ['storage'],
      });
    });
    vi.restoreAllMocks();
  });
});
