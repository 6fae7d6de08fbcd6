import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/client';
import { appDatabase, tempDir } from './helpers';

let dataDir: string;
let db: TDbClient;

beforeAll(async () => {
  dataDir = tempDir();
  db = await appDatabase(dataDir);
});

afterAll(async () => {
  await db.$disconnect();
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('lookups the public endpoints make, on the migrated database', () => {
  it("finds a document by its sealed file's SHA-256 through an index, not by reading every document (the validator's match)", async () => {
    const plan = await db.$queryRawUnsafe<{ detail: string }[]>(
      'EXPLAIN QUERY PLAN SELECT "id" FROM "Document" WHERE "sealedSha256" = ?',
      'ab'.repeat(32),
    );
    const details = plan.map((row) => row.detail).join('\n');
    expect(details).toMatch(/USING (COVERING )?INDEX Document_sealedSha256_idx/);
    expect(details).not.toMatch(/SCAN Document\b/);
  });
});
