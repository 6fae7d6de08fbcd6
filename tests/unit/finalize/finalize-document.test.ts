// document.finalize end to end with the real job runner, a document signed through the real flow,
// and small real stand-ins for flattening and sealing (finalize-test-steps.ts).
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { findOwnedDocumentDetails } from '@/lib/server/documents/find-owned-document-details';
import { finalizeJobWorld } from './finalize-job-world';
import { flakySeal } from './finalize-test-steps';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, mod, steps, runJobs, dueNow, signed, mailsWithFiles, documentRow, events } = finalizeJobWorld();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const context = (attempt = 1, maxAttempts = 8) => ({ attempt, maxAttempts, signal: new AbortController().signal });
const finalizeJobs = (documentId: string) =>
  world.client.job.findMany({ where: { queue: 'document.finalize', payload: { contains: documentId } } });

describe('document.finalize', () => {
  it('seals, completes with one audit event, mails every recipient (cc too) and the owner the sealed PDF, and deletes the working files', async () => {
    const { document, signer, cc } = await signed();
    const prepared = steps();
    await runJobs({ steps: prepared });
    const row = await documentRow(document.id);
    expect(row).toMatchObject({ status: 'COMPLETED', sealLevel: 'B-B', finalizeError: null, sealTimestampAt: null });
    expect(row.completedAt).toEqual(
      (await world.client.recipient.findUniqueOrThrow({ where: { id: signer.id } })).signedAt,
    );
    const sealed = await mod.store.get(row.sealedBlob!);
    expect(sha(sealed)).toBe(row.sealedSha256);
    expect(sha(await mod.store.get(row.certificateBlob!))).toBe(row.certificateSha256);
    expect(prepared.calls).toEqual({ prepare: 1, seal: 1 });

    const completed = await events(document.id, 'document.completed');
    expect(completed).toHaveLength(1);
    expect(JSON.parse(completed[0]!.data)).toMatchObject({
      sealedSha256: row.sealedSha256,
      level: 'B-B',
      certificateSha256: row.certificateSha256,
    });
    // The document page's details describe the sealed file it shows (the certificate's page added), the original's beside them.
    expect(JSON.parse(completed[0]!.data)).toMatchObject({ size: sealed.length, pageCount: row.pageCount + 1 });
    const details = await findOwnedDocumentDetails(row.token, row.ownerId, world.client);
    expect(details?.facts).toMatchObject({
      file: 'sealed',
      pages: row.pageCount + 1,
      size: sealed.length,
      original: { pages: row.pageCount },
    });

    for (const email of [signer.email, cc.email, 'owner@example.com']) {
      const mails = (await mailsWithFiles(email)).filter((mail) =>
        mail.attachments.some(
          (file) => file.filename === 'Contract-sealed.pdf' && sha(file.content) === row.sealedSha256,
        ),
      );
      expect(mails, email).toHaveLength(1);
      expect(mails[0]!.text).toMatch(/attached/);
    }
    expect(await world.client.recipient.count({ where: { documentId: document.id, completionMailedAt: null } })).toBe(
      0,
    );
    expect(row.ownerCompletionMailedAt).not.toBeNull();

    // Retention's first half: the original is gone at once, the sealed PDF kept until purgeAt (30 days by default).
    expect(await mod.store.exists(row.originalBlob)).toBe(false);
    expect(row.workingPurgedAt).not.toBeNull();
    expect(await events(document.id, 'document.working_deleted')).toHaveLength(1);
    expect(row.purgeAt!.getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    expect(
      await world.client.job.findMany({ where: { queue: 'document.purge', payload: { contains: document.id } } }),
    ).toMatchObject([{ status: 'QUEUED' }]);
  });

  it('a second run (a retry after a crash past the commit) seals nothing and mails no one again', async () => {
    const { document, signer } = await signed('Bia');
    await runJobs();
    const before = await documentRow(document.id);
    const again = steps();
    expect(await mod.finalize.finalizeDocument(document.id, context(2), { steps: again })).toBe('already-completed');
    // The mail jobs run again too (a duplicate): the markers keep each mail to one.
    for (const recipientId of [signer.id, null])
      await world.client.job.create({
        data: { queue: 'mail.completed', payload: JSON.stringify({ documentId: document.id, recipientId }) },
      });
    await runJobs();
    expect(again.calls).toEqual({ prepare: 0, seal: 0 });
    expect(await documentRow(document.id)).toMatchObject({
      sealedSha256: before.sealedSha256,
      sealedBlob: before.sealedBlob,
    });
    expect(await events(document.id, 'document.completed')).toHaveLength(1);
    expect((await mailsWithFiles(signer.email)).filter((mail) => mail.attachments.length > 0)).toHaveLength(1);
  });

  it('retries a timestamp authority failure with backoff, keeping the error meanwhile, then completes', async () => {
    const { document } = await signed('Cris');
    const flaky = flakySeal(steps(), 1);
    await runJobs({ steps: flaky });
    expect(await documentRow(document.id)).toMatchObject({
      status: 'PENDING',
      finalizeError: 'The timestamp authority did not answer.',
    });
    const [job] = await finalizeJobs(document.id);
    expect(job).toMatchObject({ status: 'QUEUED', attempts: 1, maxAttempts: 8 });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    await dueNow();
    await runJobs({ steps: flaky });
    expect(await documentRow(document.id)).toMatchObject({ status: 'COMPLETED', finalizeError: null });
    expect(await finalizeJobs(document.id)).toMatchObject([{ status: 'DONE', attempts: 2 }]);
  });

  it('after the last attempt the document is sealing_failed with its error and an audit event; retry-seal seals it', async () => {
    const { document } = await signed('Dora');
    await world.client.job.updateMany({
      where: { queue: 'document.finalize', payload: { contains: document.id } },
      data: { maxAttempts: 2 },
    });
    const failing = flakySeal(steps(), 2);
    await runJobs({ steps: failing });
    await dueNow();
    await runJobs({ steps: failing });
    const row = await documentRow(document.id);
    expect(row).toMatchObject({
      status: 'SEALING_FAILED',
      finalizeError: 'The timestamp authority did not answer.',
      sealedBlob: null,
    });
    expect(await finalizeJobs(document.id)).toMatchObject([{ status: 'FAILED', attempts: 2 }]);
    const failed = await events(document.id, 'document.sealing_failed');
    expect(failed.map((event) => JSON.parse(event.data))).toEqual([
      { error: 'The timestamp authority did not answer.', code: 'tsa_unavailable', attempts: 2 },
    ]);
    expect(await mod.store.exists(row.originalBlob)).toBe(true); // nothing is deleted before a seal exists

    await runJobs({ steps: failing }); // the failed job is not run again by itself
    expect((await documentRow(document.id)).status).toBe('SEALING_FAILED');
    const { retrySeal } = await import('@/lib/server/finalize/retry-seal');
    const owner = { userId: world.owner.id, workspaceId: world.owner.id, actor: world.owner.id };
    await retrySeal(document.id, owner, { ip: null, userAgent: null });
    await expect(retrySeal(document.id, owner, { ip: null, userAgent: null })).rejects.toMatchObject({
      code: 'CONFLICT',
      extensions: { reason: 'retry_queued' },
    });
    await runJobs({ steps: failing });
    expect(await documentRow(document.id)).toMatchObject({ status: 'COMPLETED', finalizeError: null });
    expect(await events(document.id, 'document.seal_retried')).toHaveLength(1);
    await expect(retrySeal(document.id, owner, { ip: null, userAgent: null })).rejects.toMatchObject({
      code: 'CONFLICT',
      extensions: { reason: 'not_sealing_failed' },
    });
  });

  it('two runs at once (a lost lease): one commits, the other writes nothing and removes its own files', async () => {
    const { document } = await signed('Eva');
    const outcomes = await Promise.all(
      [1, 2].map(() => mod.finalize.finalizeDocument(document.id, context(), { steps: steps() })),
    );
    expect(outcomes.sort()).toEqual(['completed', 'lost-race']);
    const row = await documentRow(document.id);
    expect(await events(document.id, 'document.completed')).toHaveLength(1);
    expect(
      await world.client.job.count({ where: { queue: 'mail.completed', payload: { contains: document.id } } }),
    ).toBe(3);
    expect(
      await world.client.job.count({ where: { queue: 'document.purge', payload: { contains: document.id } } }),
    ).toBe(1);
    const folder = row.originalBlob.split('/').slice(0, 2).join('/') + '/';
    const keys: string[] = [];
    for await (const blob of mod.store.list(folder)) keys.push(blob.key);
    expect(keys.sort()).toEqual([row.certificateBlob, row.sealedBlob].sort());
  });

  it('waits while an eID name mismatch awaits the owner; once accepted, seals with the acceptance as the completion time', async () => {
    const { document, signer } = await signed('Ivo');
    const signedAt = (await world.client.recipient.findUniqueOrThrow({ where: { id: signer.id } })).signedAt!;
    // As finish-eid records it under EID_NAME_MISMATCH=review.
    await world.client.recipient.update({ where: { id: signer.id }, data: { authNameMismatchAt: signedAt } });
    const waiting = steps();
    expect(await mod.finalize.finalizeDocument(document.id, context(), { steps: waiting })).toBe('not-ready');
    expect(waiting.calls).toEqual({ prepare: 0, seal: 0 });
    expect((await documentRow(document.id)).status).toBe('PENDING');

    const acceptedAt = new Date(signedAt.getTime() + 60_000);
    await world.client.recipient.update({ where: { id: signer.id }, data: { authNameAcceptedAt: acceptedAt } });
    expect(await mod.finalize.finalizeDocument(document.id, context(), { steps: steps() })).toBe('completed');
    expect((await documentRow(document.id)).completedAt).toEqual(acceptedAt);
  });

  it('leaves a cancelled document alone', async () => {
    const { document } = await signed('Fay');
    await world.client.document.update({ where: { id: document.id }, data: { status: 'CANCELLED' } });
    const nothing = steps();
    expect(await mod.finalize.finalizeDocument(document.id, context(), { steps: nothing })).toBe('not-ready');
    expect(nothing.calls).toEqual({ prepare: 0, seal: 0 });
  });
});

describe('a finalize job whose runner died during its last attempt', () => {
  it("leaves no document pending: the watch makes it sealing_failed with the runner's error, once", async () => {
    const { document } = await signed('Gil');
    await world.client.job.updateMany({
      where: { queue: 'document.finalize', payload: { contains: document.id } },
      data: {
        status: 'FAILED',
        attempts: 8,
        lastError: 'its runner stopped during the last attempt (the process crashed or was killed)',
      },
    });
    const { failStrandedFinalizations } = await import('@/lib/server/finalize/fail-stranded-finalizations');
    expect(await failStrandedFinalizations()).toBe(1);
    expect(await documentRow(document.id)).toMatchObject({
      status: 'SEALING_FAILED',
      finalizeError: 'its runner stopped during the last attempt (the process crashed or was killed)',
    });
    expect(await failStrandedFinalizations()).toBe(0);
    expect(await events(document.id, 'document.sealing_failed')).toHaveLength(1);
  });
});

describe("with the product's steps (FLATTEN's prepareSealablePdf, SEAL's sealWithInstanceKey; no TSA: B-B)", () => {
  it('completes with a seal pdfsig accepts over the whole document', async () => {
    const { document } = await signed('Hana');
    const { productionFinalizeSteps } = await import('@/lib/server/finalize/finalize-steps');
    await runJobs({ steps: productionFinalizeSteps });
    const row = await documentRow(document.id);
    expect(row, row.finalizeError ?? '').toMatchObject({ status: 'COMPLETED', sealLevel: 'B-B' });
    const { execFile } = await import('node:child_process');
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = `${mkdtempSync(`${tmpdir()}/signet-sealed-`)}/sealed.pdf`;
    writeFileSync(file, await mod.store.get(row.sealedBlob!));
    const stdout = await new Promise<string>((resolve) => execFile('pdfsig', [file], (_error, out) => resolve(out)));
    expect(stdout).toContain('Signature is Valid.');
    expect(stdout).toContain('Total document signed');
  });
});
