// Finalization survives crashes: the worker is killed (SIGKILL, as kill -9) at each finalize step in turn, a new
// worker takes over, and every document ends completed with one valid seal and one set of mails.
// The worker is the real job runner in a child process (tests/fixtures/finalize-runner-process.ts) with the
// app's handlers and finalization's real steps: FLATTEN's prepareSealablePdf and SEAL's sealWithInstanceKey
// (B-B: no TSA here).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnJobRunnerProcess, type TRunnerProcess } from '../../fixtures/spawn-job-runner';
import { finalizeJobWorld } from './finalize-job-world';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, mod, signed, mailsWithFiles, documentRow, events, p12 } = finalizeJobWorld();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const work = mkdtempSync(path.join(tmpdir(), 'signet-crash-'));
const p12Path = path.join(work, 'seal.p12');
writeFileSync(p12Path, p12.p12);
const children: TRunnerProcess[] = [];

afterAll(() => {
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Done: completed, working files gone, no completion mail left to send. */
async function settled(documentId: string): Promise<boolean> {
  const row = await documentRow(documentId);
  const mailing = await world.client.job.count({
    where: { queue: 'mail.completed', status: { in: ['QUEUED', 'RUNNING'] }, payload: { contains: documentId } },
  });
  return row.status === 'COMPLETED' && row.workingPurgedAt !== null && mailing === 0;
}

const POINTS = ['prepare', 'seal', 'put-sealed', 'put-certificate', 'delete', 'mail:1', 'mail:2', 'mail:3'];

/** A worker process whose runner waits for `start` (tests/fixtures/finalize-runner-process.ts): it is booted ahead of its turn. */
function worker(crashAt?: string) {
  const child = spawnJobRunnerProcess(
    {
      ...(process.env as Record<string, string>),
      SEAL_P12_PATH: p12Path,
      JOB_LEASE_MS: '1000',
      JOB_CONCURRENCY: '1',
      JOB_POLL_INTERVAL_MS: '50',
      JOB_SHUTDOWN_GRACE_MS: '2000',
      CRASH_AT: crashAt ?? '',
      RUNNER_ON_COMMAND: '1',
    },
    'finalize-runner-process.ts',
    ['--import', path.resolve(import.meta.dirname, '../../../scripts/lib/server-only-register.mjs')],
  );
  children.push(child);
  return child;
}

let commands = 0;
/** Sends `start` or `pause` and waits for the worker to say it is done. */
async function command(runner: TRunnerProcess, verb: 'start' | 'pause') {
  const id = ++commands;
  runner.send(`${verb} ${id}`);
  await runner.waitFor(new RegExp(`^${verb === 'start' ? 'started' : 'paused'} ${id}$`), 60_000);
}

/**
 * Starting a worker (node, tsx, the app's modules) is most of this file's time, so each kill point's doomed
 * worker is booted while the point before it runs, and one worker does every rescue, paused between points:
 * while paused it claims nothing, so the doomed worker still takes its document's job first and the rescuer
 * takes over only after the kill. It never ran the killed attempt, so what it finishes it finds in the
 * database and the store, as a new worker would.
 */
const doomedAt = new Map<string, TRunnerProcess>();
const standBy = (point: string | undefined) => {
  if (point !== undefined && !doomedAt.has(point)) doomedAt.set(point, worker(point));
};
let rescuer: TRunnerProcess;
beforeAll(() => {
  rescuer = worker();
  standBy(POINTS[0]);
});

describe('kill -9 of the worker at each finalize step', () => {
  it.each(POINTS)(
    'killed at %s: a new worker ends it completed, with one valid seal and one set of mails',
    async (point) => {
      const { document, signer, cc } = await signed(`Kim${point.replace(/\W/g, '')}`);
      standBy(point);
      const doomed = doomedAt.get(point)!;
      standBy(POINTS[POINTS.indexOf(point) + 1]);
      await command(doomed, 'start');
      await doomed.waitFor(new RegExp(`^at ${point.split(':')[0]}$`), 60_000);
      expect(await doomed.exited).toMatchObject({ signal: 'SIGKILL' });
      expect(await settled(document.id)).toBe(false);

      const said = rescuer.lines.length;
      await command(rescuer, 'start');
      try {
        await vi.waitFor(
          async () =>
            expect(
              await settled(document.id),
              `${(await documentRow(document.id)).finalizeError}; ${rescuer.lines.slice(said).join('\n')}`,
            ).toBe(true),
          { timeout: 60_000, interval: 200 },
        );
      } finally {
        await command(rescuer, 'pause'); // the next point's document is for its own doomed worker first
      }

      const row = await documentRow(document.id);
      expect(await events(document.id, 'document.completed')).toHaveLength(1);
      const sealed = await mod.store.get(row.sealedBlob!);
      expect(sha(sealed)).toBe(row.sealedSha256);
      const sealedFile = path.join(work, `${document.id}.pdf`);
      writeFileSync(sealedFile, sealed);
      const { stdout } = await promisify(execFile)('pdfsig', [sealedFile]).catch((error: { stdout: string }) => ({
        stdout: error.stdout,
      }));
      expect(stdout).toContain('Signature is Valid.');
      expect(stdout).toContain('Total document signed');
      // One seal: no file of a killed run is left beside the one the row names.
      const keys: string[] = [];
      for await (const blob of mod.store.list(row.originalBlob.split('/').slice(0, 2).join('/') + '/'))
        keys.push(blob.key);
      expect(keys.sort()).toEqual([row.certificateBlob, row.sealedBlob].sort());
      // One set of mails: each recipient (cc too) and the owner got the sealed PDF exactly once.
      for (const email of [signer.email, cc.email]) {
        const completion = (await mailsWithFiles(email)).filter((mail) => mail.attachments.length > 0);
        expect(
          completion.map((mail) => sha(mail.attachments[0]!.content)),
          email,
        ).toEqual([row.sealedSha256]);
      }
      expect(row.ownerCompletionMailedAt).not.toBeNull();
    },
    150_000,
  );
});
