import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { beforeAll, expect } from 'vitest';
import type { TFinalizeDeps } from '@/lib/server/finalize/finalize-document';
import { signerWorld } from '../api/signer-helpers';
import { testFinalizeSteps, throwawayP12 } from './finalize-test-steps';

export type TMailWithFiles = {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer }[];
};

/**
 * A document signed through the real flow (owner routes, signing routes),
 * then finalized by the real job runner with the test's prepare and seal.
 * Call vi.mock for auth and next/headers in the test file.
 */
export function finalizeJobWorld() {
  const signers = signerWorld();
  const { world } = signers;
  const p12 = throwawayP12();
  let dataDir = '';
  const mod = {} as {
    finalize: typeof import('@/lib/server/finalize/finalize-document');
    store: import('@/lib/server/storage/blob-store').BlobStore;
  };

  beforeAll(async () => {
    dataDir = (await import('@/lib/env')).getEnv().dataDir;
    mod.finalize = await import('@/lib/server/finalize/finalize-document');
    mod.store = (await import('@/lib/server/storage/get-blob-store')).getBlobStore();
  });

  /** Steps that read the working PDF from the store, as the real flattening does. */
  function steps() {
    return testFinalizeSteps(async (documentId) => {
      const document = await world.client.document.findUniqueOrThrow({ where: { id: documentId } });
      return mod.store.get(document.currentBlob ?? document.originalBlob);
    }, p12);
  }

  /** Runs every due job with the app's handlers, document.finalize with `deps` (the test's steps). */
  async function runJobs(deps: TFinalizeDeps = {}) {
    const { JobRunner } = await import('@/lib/server/jobs/job-runner');
    const { registerAllJobs } = await import('@/lib/server/jobs/all-jobs');
    const { registerJob } = await import('@/lib/server/jobs/registry');
    const { finalizeDocumentJob } = await import('@/lib/server/finalize/jobs/finalize-document.job');
    registerAllJobs();
    const resolved = { steps: deps.steps ?? steps(), ...deps };
    registerJob({
      ...finalizeDocumentJob,
      handler: async (payload, context) =>
        void (await mod.finalize.finalizeDocument(payload.documentId, context, resolved)),
    });
    const runner = new JobRunner({ concurrency: 4, pollIntervalMs: 1000, client: world.client });
    for (let round = 0; round < 30; round++) {
      const started = await runner.tick();
      await runner.drain();
      if (started === 0) return;
    }
    throw new Error('jobs kept coming');
  }

  /** Makes jobs waiting for their backoff due now (a retry without waiting). */
  const dueNow = () =>
    world.client.job.updateMany({
      where: { status: 'QUEUED', runAt: { gt: new Date() }, queue: { not: 'document.purge' } },
      data: { runAt: new Date() },
    });

  /** Ana signs, Carl is cc: the document is pending with its finalize job queued. */
  async function signed(name = 'Ana') {
    const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const cc = `carl-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { document, people, fieldIds, tokens } = await signers.sent(
      [
        { email, name },
        { email: cc, name: 'Carl', role: 'cc' },
      ],
      [
        { to: 0, type: 'text', label: 'Company' },
        { to: 0, type: 'signature' },
      ],
    );
    await signers.consent(people[0]!.id);
    expect(
      (await signers.putField(tokens[email]!, fieldIds[1]!, { signature: { kind: 'typed', text: name } })).status,
    ).toBe(200);
    expect((await signers.putField(tokens[email]!, fieldIds[0]!, { value: 'ACME' })).status).toBe(200);
    expect((await signers.complete(tokens[email]!)).status).toBe(200);
    return { document, signer: { id: people[0]!.id, email }, cc: { id: people[1]!.id, email: cc } };
  }

  /** Every outbox mail to `email`, with attachments, oldest first. */
  async function mailsWithFiles(email: string): Promise<TMailWithFiles[]> {
    const folder = path.join(dataDir, 'outbox');
    const files = readdirSync(folder)
      .filter((file) => file.endsWith('.eml'))
      .sort();
    const parsed = await Promise.all(files.map((file) => simpleParser(readFileSync(path.join(folder, file)))));
    return parsed
      .map((mail) => ({
        to: [mail.to ?? []].flat()[0]?.value[0]?.address ?? '',
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        attachments: mail.attachments.map((file) => ({ filename: file.filename ?? '', content: file.content })),
      }))
      .filter((mail) => mail.to === email);
  }

  const documentRow = (id: string) => world.client.document.findUniqueOrThrow({ where: { id } });
  const events = async (id: string, type: string) =>
    world.client.auditEvent.findMany({ where: { documentId: id, type } });

  return { ...signers, mod, steps, runJobs, dueNow, signed, mailsWithFiles, documentRow, events, p12 };
}
