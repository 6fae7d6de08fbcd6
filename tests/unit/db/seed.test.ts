import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { createPrismaClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { seedDemoData } from '@/prisma/demo-data';
import { tempDir, tempSqliteUrl } from './helpers';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

describe('seedDemoData', () => {
  let db: TDbClient;
  beforeAll(async () => {
    const url = tempSqliteUrl();
    await migrateDatabase(url);
    db = createPrismaClient(url);
  });
  afterAll(() => db.$disconnect());

  it('upserts the three demo users by email, and only once with firstTimeOnly', async () => {
    expect(await seedDemoData(db, { firstTimeOnly: true })).toEqual([
      'created admin@signet.localhost (Ada Admin, ADMIN)',
      'created alice@signet.localhost (Alice Adams, USER)',
      'created bob@signet.localhost (Bob Brown, USER)',
    ]);
    await db.user.update({ where: { email: 'alice@signet.localhost' }, data: { role: 'ADMIN' } });
    expect(await seedDemoData(db, { firstTimeOnly: true })).toEqual(['demo data already seeded']);
    expect(await seedDemoData(db)).toEqual([
      'admin@signet.localhost already present',
      'updated alice@signet.localhost (Alice Adams, USER)',
      'bob@signet.localhost already present',
    ]);
    expect(await db.user.count()).toBe(3);
  });
});

describe('npm run db:migrate, then db:seed', () => {
  it('prepare the default SQLite file in DATA_DIR', () => {
    const env = { ...process.env, DATA_DIR: tempDir(), DATABASE_URL: '' };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/db.mjs', ...args], { cwd: root, env, encoding: 'utf8' });
    const migrate = run('migrate');
    expect(migrate.stderr).toBe('');
    expect(migrate.stdout).toMatch(/applied \d+ migration\(s\) to file:.*signet\.db/);
    const seed = run('seed', '--first-time');
    expect(seed.stderr).toBe('');
    expect(seed.stdout).toMatch(/created admin@signet\.localhost/);
  });
});
