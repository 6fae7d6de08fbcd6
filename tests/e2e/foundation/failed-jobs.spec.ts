import path from 'node:path';
import { createPrismaClient } from '@/lib/server/db/create-client';
import { signInAs } from '../auth/helpers';
import { expect, test } from '../fixtures';

// The app's own database (playwright.config.ts: DATA_DIR, or DATABASE_URL for the PostgreSQL run).
const databaseUrl =
  process.env.DATABASE_URL || `file:${path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e', 'signet.db')}`;

test('a job that fails for good shows on the admin page with its queue, attempts and error', async ({ page }) => {
  // A queue no handler serves: the app's runner fails it for good on its first attempt.
  const queue = `e2e.unserved-${Date.now().toString(36)}`;
  const db = createPrismaClient(databaseUrl);
  try {
    await db.job.create({ data: { queue, payload: '{}', maxAttempts: 1 } });
  } finally {
    await db.$disconnect();
  }
  await signInAs(page, 'admin', '/admin');
  const section = page.getByRole('region', { name: 'Failed jobs' });
  await expect(async () => {
    await page.reload();
    await expect(section.getByRole('row').filter({ hasText: queue })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const row = section.getByRole('row').filter({ hasText: queue });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1 of 1');
  await expect(row.getByRole('cell').nth(2)).toHaveText(`no handler registered for queue "${queue}"`);
});
