// The public validator against files built to stall or exhaust the server (docs/sealing.md, "The public validator"),
// sent to the running app while this test keeps asking it for /api/health and reads its resident memory: each file
// is answered within 10 s (a verdict, or 422 TOO_COMPLEX / 503), health answers within 1 s all along, and the
// server process stays under 1 GB.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import {
  foreignCms,
  inflatingAttachmentPdf,
  manyRevisionsPdf,
  rewrittenAnnotsPdf,
  rewrittenNestedArraysPdf,
} from '../../fixtures/hostile-signed-pdfs';
import { makeTestPki, type TTestPki } from '../../fixtures/test-pki';
import { expect, test } from '../fixtures';

const port = Number(process.env.E2E_PORT ?? 3210);
const base = `http://localhost:${port}`;
const ANSWER_WITHIN_MS = 10_000;
const HEALTH_WITHIN_MS = 1000;
const MAX_RSS_MB = 1024;

/** The process listening on `port`: the app server (scripts/serve.mjs, started by npm start's boot script). */
function serverPid(): number {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // Local address, state 0A (LISTEN), inode.
      if (columns[1]?.endsWith(hex) && columns[3] === '0A' && columns[9]) inodes.add(columns[9]);
    }
  }
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  throw new Error(`no process of ours listens on port ${port}`);
}

/** Resident memory of the whole process (its worker threads included), in MB. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

type TWatch = { healthMs: number[]; healthStatuses: number[]; peakRssMb: number };

/**
 * Polls /api/health every ~100 ms (each answer timed) and samples the
 * server's memory until `work` settles; then says what it saw.
 */
async function watching<T>(pid: number, work: Promise<T>): Promise<{ result: T; watch: TWatch }> {
  const watch: TWatch = { healthMs: [], healthStatuses: [], peakRssMb: rssMb(pid) };
  let done = false;
  const poller = (async () => {
    while (!done) {
      watch.peakRssMb = Math.max(watch.peakRssMb, rssMb(pid));
      const started = performance.now();
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(15_000) }).catch(() => null);
      watch.healthMs.push(performance.now() - started);
      watch.healthStatuses.push(response?.status ?? 0);
      await response?.body?.cancel();
      watch.peakRssMb = Math.max(watch.peakRssMb, rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return { result: await work, watch };
  } finally {
    done = true;
    await poller;
  }
}

type TAnswer = { status: number; ms: number; body: Record<string, unknown>; retryAfter: string | null };

async function validate(name: string, bytes: Uint8Array): Promise<TAnswer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/validate`, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as Record<string, unknown>;
  return {
    status: response.status,
    ms: performance.now() - started,
    body,
    retryAfter: response.headers.get('retry-after'),
  };
}

let pki: TTestPki;
let pid: number;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  pki = makeTestPki('Limits Root');
  pid = serverPid();
  // The bars are about what a crafted file costs a running server, not about its first validation: that one
  // also loads the route's code and starts the validator's worker (both once per process).
  const warmUp = await validate('warm-up.pdf', rewrittenAnnotsPdf({ pki }, { entries: 10, grow: 'signature' }));
  expect(warmUp.status).toBe(200);
});

const files: { name: string; title: string; make: () => Buffer }[] = [
  {
    name: 'annots.pdf',
    title: '(1) a 60,000-entry /Annots array rewritten after a signature',
    make: () => rewrittenAnnotsPdf({ pki }, { entries: 60_000 }),
  },
  {
    name: 'nested.pdf',
    title: '(2) nested arrays rewritten after a signature',
    make: () => rewrittenNestedArraysPdf({ pki }, { entries: 8000, width: 60 }),
  },
  {
    name: 'revisions.pdf',
    title: '(3) 64 signatures with 64 distinct ByteRange ends over a 3 MB page',
    make: () => manyRevisionsPdf({ cms: foreignCms(pki) }, { count: 64, bulk: 400_000 }),
  },
  {
    name: 'bomb.pdf',
    title: '(4) an evidence attachment inflating to 256 MB',
    make: () => inflatingAttachmentPdf({ pki }, 256),
  },
];

for (const file of files) {
  test(`${file.title}: answered within 10 s, health within 1 s throughout, the server under 1 GB`, async () => {
    test.setTimeout(180_000);
    const bytes = file.make();
    const restingRssMb = rssMb(pid);
    const { result: answer, watch } = await watching(pid, validate(file.name, bytes));
    const summary = {
      bytes: bytes.length,
      restingRssMb: Math.round(restingRssMb),
      status: answer.status,
      code: answer.body.code,
      verdict: answer.body.verdict,
      ms: Math.round(answer.ms),
      slowestHealthMs: Math.round(Math.max(...watch.healthMs)),
      healthPolls: watch.healthMs.length,
      peakRssMb: Math.round(watch.peakRssMb),
    };
    test.info().annotations.push({ type: 'measured', description: JSON.stringify(summary) });
    console.log(file.name, JSON.stringify(summary));

    expect(answer.ms, 'answered within 10 s').toBeLessThan(ANSWER_WITHIN_MS);
    if (answer.status === 200) expect(['valid', 'modified', 'invalid']).toContain(answer.body.verdict);
    else if (answer.status === 422)
      expect(answer.body).toMatchObject({
        code: 'TOO_COMPLEX',
        detail: expect.stringMatching(/too complex to validate/),
      });
    else {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(watch.healthMs.length, 'health was polled while the file was checked').toBeGreaterThan(0);
    expect(Math.max(...watch.healthMs), 'every health answer within 1 s').toBeLessThan(HEALTH_WITHIN_MS);
    expect(watch.healthStatuses.every((status) => status === 200)).toBe(true);
    expect(watch.peakRssMb, 'server resident memory').toBeLessThan(MAX_RSS_MB);
  });
}

test('after all of them the server still validates an ordinary signed file', async () => {
  test.setTimeout(60_000);
  const signed = rewrittenAnnotsPdf({ pki }, { entries: 10, grow: 'signature' });
  const answer = await validate('ordinary.pdf', signed);
  expect(answer.status).toBe(200);
  expect(answer.body.verdict).toBe('valid');
});
