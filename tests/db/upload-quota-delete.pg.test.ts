// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
import { describe, expect, it, vi } from 'vitest';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { chunksOf } from '../unit/documents/helpers';
import { appDatabase } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const openDatabase = appDatabase('signet_qd');

describe('the monthly quota and deletions on PostgreSQL', () => {
  it('never lets a deletion racing parallel uploads give a slot back: one upload takes the last one, the deleted document still counts', async () => {
    const db = await openDatabase();
    const { createDocumentFromUpload } = await import('@/lib/server/documents/upload/create-document-from-upload');
    const { deleteDocument } = await import('@/lib/server/documents/delete-document');
    const owner = await userOnPlan(db, { email: 'free@example.com' }, 'FREE');
    const pdf = await makePdf(1);
    const limits = { maxBytes: 2 * 1024 * 1024, maxPages: 500 };
    const upload = (index: number) =>
      createDocumentFromUpload({ owner, fileName: `contract-${index}.pdf`, data: chunksOf(pdf), limits });

    const first = await upload(1);
    for (let i = 2; i <= 4; i++) await upload(i);
    const results = await Promise.allSettled([
      deleteDocument(first.id, { workspaceId: owner.id }),
      ...Array.from({ length: 8 }, (_, index) => upload(5 + index)),
    ]);

    expect(results[0]!.status).toBe('fulfilled');
    const uploads = results.slice(1);
    expect(uploads.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of uploads)
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(await db.document.count({ where: { ownerId: owner.id } })).toBe(4);
    expect(await db.deletedUpload.count({ where: { ownerId: owner.id } })).toBe(1);
  });
});
