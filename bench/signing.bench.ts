// `npm run bench -- signing`: 50 signers on one node (embedded SQLite) at the same time, same run.
//   p95 of each signer call under that load ÷ p95 of GET /api/v1/signing/{token} measured alone: ≤ 3
//   failed or lost completions: 0 (every complete answered `signed`, every recipient SIGNED in the
//   database, one `recipient.signed` audit event each, every document's audit chain valid)
// Starts the production app itself (scripts/start.mjs: builds if stale) and talks to it over HTTP
// only, so the figures include the server. Each round: one PDF sent in parallel to 50 signers (the
// API's most) through the v1 owner API, each with a text, a checkbox and a required signature
// field; then all 50 at once: GET, POST consent, PUT text, PUT checkbox, PUT signature (typed),
// POST complete, each signer's calls in order as the signing page makes them.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { verifyChain } from '@/lib/server/audit/read-audit-trail';
import { benchOwnerKey } from './lib/bench-owner';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { startApp, stopAppAndCleanUp } from './lib/app-server';
import { reportBars, type TBenchRow } from './lib/report';

const PORT = Number(process.env.BENCH_PORT ?? 3413);
const SIGNERS = 50;
const ROUNDS = Math.max(1, Number(process.env.BENCH_SIGNING_ROUNDS ?? 3));
const BARS = { ratio: 3, lost: 0 };
// The bench's 50 signers all come from 127.0.0.1 and the owner sets up 50 links a round: the
// default limits (signerAddress 1200/min, api 600/min) would measure the limiter, not the path.
const RATE_LIMITS = 'signer=100000/60,signerAddress=100000/60,api=100000/60';
const CALLS = ['GET', 'consent', 'PUT text', 'PUT checkbox', 'PUT signature', 'complete'] as const;
type TCall = (typeof CALLS)[number];

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function timed(url: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(url, {
    ...init,
    headers: {
      'user-agent': 'Mozilla/5.0 (signet-bench)',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const text = await response.text();
  return {
    ms: performance.now() - started,
    status: response.status,
    body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

function owner(base: string, key: string) {
  return async (method: string, pathname: string, body?: unknown) => {
    const answer = await timed(`${base}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${key}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status >= 300) throw new Error(`${method} ${pathname}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
}

/** One PDF, one page per signer, sent in parallel to 50 signers; returns the document's id and a working link per signer. */
async function sentDocument(api: ReturnType<typeof owner>, round: number) {
  const pdf = await PDFDocument.create();
  for (let page = 1; page <= SIGNERS; page++)
    pdf.addPage([612, 792]).drawText(`Agreement, page ${page}`, { x: 72, y: 720, size: 14 });
  const content = Buffer.from(await pdf.save()).toString('base64');
  const { id } = (await api('POST', '/api/v1/documents', { name: `bench-signing-${round}.pdf`, content })) as {
    id: string;
  };
  const recipients = Array.from({ length: SIGNERS }, (_, i) => ({
    email: `signer${i + 1}.r${round}@example.com`,
    name: `Signer ${i + 1}`,
  }));
  const saved = (await api('PUT', `/api/v1/documents/${id}/recipients`, { recipients })) as {
    recipients: { id: string }[];
  };
  const fields = saved.recipients.flatMap(({ id: recipientId }, i) => [
    { recipientId, type: 'text', page: i + 1, x: 72, y: 200, label: 'Company' },
    { recipientId, type: 'checkbox', page: i + 1, x: 72, y: 260, required: false },
    { recipientId, type: 'signature', page: i + 1, x: 72, y: 600 },
  ]);
  const placed = (await api('PUT', `/api/v1/documents/${id}/fields`, { fields })) as {
    fields: { id: string; type: string; recipientId: string }[];
  };
  await api('POST', `/api/v1/documents/${id}/send`, { signingOrder: 'parallel' });
  const signers = [];
  for (const recipient of saved.recipients) {
    const { url } = (await api('POST', `/api/v1/documents/${id}/recipients/${recipient.id}/link`)) as { url: string };
    const mine = (type: string) =>
      placed.fields.find((field) => field.recipientId === recipient.id && field.type === type)!.id;
    signers.push({
      recipientId: recipient.id,
      token: url.split('/').pop()!,
      text: mine('text'),
      checkbox: mine('checkbox'),
      signature: mine('signature'),
    });
  }
  return { id, signers };
}

/**
 * Waits until the app's job runner has no due work left (the invitations a send queues, the mails a
 * completion queues), so it does not bill the next phase. A due job that no worker takes (the last
 * completion's `document.finalize` while no sealing handler exists) would wait forever: nothing
 * running and the due count unchanged for 2 s counts as settled.
 */
async function settleJobs(client: TDbClient) {
  const deadline = Date.now() + 120_000;
  let last = -1;
  let still = 0;
  while (Date.now() < deadline) {
    const [due, running] = await Promise.all([
      client.job.count({ where: { status: 'QUEUED', runAt: { lte: new Date() } } }),
      client.job.count({ where: { status: 'RUNNING' } }),
    ]);
    if (due + running === 0) return;
    still = running === 0 && due === last ? still + 1 : 0;
    if (still >= 8) return;
    last = due;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type TSigner = Awaited<ReturnType<typeof sentDocument>>['signers'][number];

/** One signer's whole visit, as the signing page makes it; the time of each call, and whether complete answered `signed`. */
async function signerVisit(
  base: string,
  signer: TSigner,
  n: number,
  times: Record<TCall, number[]>,
  problems: string[],
) {
  const url = `${base}/api/v1/signing/${signer.token}`;
  const steps: [TCall, string, RequestInit][] = [
    ['GET', url, {}],
    ['consent', `${url}/consent`, { method: 'POST', body: JSON.stringify({ accepted: true }) }],
    ['PUT text', `${url}/fields/${signer.text}`, { method: 'PUT', body: JSON.stringify({ value: `Company ${n}` }) }],
    ['PUT checkbox', `${url}/fields/${signer.checkbox}`, { method: 'PUT', body: JSON.stringify({ value: 'true' }) }],
    [
      'PUT signature',
      `${url}/fields/${signer.signature}`,
      { method: 'PUT', body: JSON.stringify({ signature: { kind: 'typed', text: `Signer ${n}` } }) },
    ],
    ['complete', `${url}/complete`, { method: 'POST' }],
  ];
  for (const [call, address, init] of steps) {
    const answer = await timed(address, init);
    times[call].push(answer.ms);
    if (answer.status >= 300 || (call === 'complete' && answer.body.status !== 'signed')) {
      problems.push(`signer ${n} ${call}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      return false;
    }
  }
  return true;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signet-bench-signing-'));
  console.log(`starting the production app on port ${PORT} (data in ${dataDir}; RATE_LIMITS=${RATE_LIMITS})`);
  const app = await startApp({ port: PORT, dataDir, env: { IDP_PORT: String(PORT + 10), RATE_LIMITS } });
  const base = `http://127.0.0.1:${PORT}`;
  const client = createPrismaClient(`file:${path.join(dataDir, 'signet.db')}`);
  const alone: number[] = [];
  const burst: number[] = []; // diagnosis, no bar: 50 GETs at once and nothing else
  const times = Object.fromEntries(CALLS.map((call) => [call, [] as number[]])) as Record<TCall, number[]>;
  const problems: string[] = [];
  const documents: string[] = [];
  let answeredSigned = 0;
  try {
    const secret = await benchOwnerKey(client, 'bench-signing@example.com');
    const api = owner(base, secret);

    for (let round = 1; round <= ROUNDS; round++) {
      const { id, signers } = await sentDocument(api, round);
      documents.push(id);
      await settleJobs(client);
      // Alone: one request at a time. The first open of a link records `opened` (a write), so the
      // first pass is a warm-up and the second is measured, like the later GETs of the concurrent phase.
      for (const signer of signers) await timed(`${base}/api/v1/signing/${signer.token}`);
      await settleJobs(client);
      for (const signer of signers) {
        const answer = await timed(`${base}/api/v1/signing/${signer.token}`);
        if (answer.status !== 200) throw new Error(`GET alone: ${answer.status} ${JSON.stringify(answer.body)}`);
        alone.push(answer.ms);
      }
      await Promise.all(
        signers.map(async (signer) => burst.push((await timed(`${base}/api/v1/signing/${signer.token}`)).ms)),
      );
      await settleJobs(client);
      const started = performance.now();
      const results = await Promise.all(signers.map((signer, i) => signerVisit(base, signer, i + 1, times, problems)));
      answeredSigned += results.filter(Boolean).length;
      console.log(
        `  round ${round}: 50 signers in ${(performance.now() - started).toFixed(0)} ms; GET alone p95 ${p95(alone.slice(-SIGNERS)).toFixed(1)} ms, complete p95 ${p95(times.complete.slice(-SIGNERS)).toFixed(1)} ms`,
      );
      await settleJobs(client);
    }

    // Lost completions: what the database and the audit chains say, not only what the answers said.
    const signedInDb = await client.recipient.count({ where: { documentId: { in: documents }, status: 'SIGNED' } });
    let signedEvents = 0;
    let validChains = 0;
    for (const id of documents) {
      const document = await client.document.findUniqueOrThrow({ where: { id } });
      const events = await client.auditEvent.findMany({
        where: { documentId: id },
        orderBy: [{ at: 'asc' }, { id: 'asc' }],
      });
      signedEvents += events.filter((event) => event.type === 'recipient.signed').length;
      if (verifyChain(events, document).chainValid) validChains++;
    }
    const total = SIGNERS * ROUNDS;
    const lost =
      Math.max(total - answeredSigned, total - signedInDb, total - signedEvents) + (documents.length - validChains);
    const base95 = p95(alone);
    const rows: TBenchRow[] = [];
    rows.push({
      figure: `GET /api/v1/signing/{token} alone, p95 of ${alone.length} (median ${median(alone).toFixed(1)} ms)`,
      value: `${base95.toFixed(1)} ms`,
      bar: '',
      ok: true,
    });
    rows.push({
      figure: `diagnosis: 50 GETs at once and no other call, p95 ÷ GET alone (${p95(burst).toFixed(1)} ms, median ${median(burst).toFixed(1)} ms)`,
      value: (p95(burst) / base95).toFixed(2),
      bar: '',
      ok: true,
    });
    for (const call of CALLS) {
      const value = p95(times[call]);
      const ratio = value / base95;
      rows.push({
        figure: `${call} with 50 signers at once, p95 ÷ GET alone (${value.toFixed(1)} ms, median ${median(times[call]).toFixed(1)} ms, n=${times[call].length})`,
        value: ratio.toFixed(2),
        bar: `≤ ${BARS.ratio}`,
        ok: times[call].length > 0 && ratio <= BARS.ratio,
      });
    }
    rows.push({
      figure: `completions answered "signed" / recipients SIGNED in the database / "recipient.signed" audit events (of ${total})`,
      value: `${answeredSigned} / ${signedInDb} / ${signedEvents}`,
      bar: '',
      ok: true,
    });
    rows.push({
      figure: `audit chains valid (of ${documents.length} documents)`,
      value: String(validChains),
      bar: '',
      ok: true,
    });
    rows.push({
      figure: 'failed or lost completions',
      value: String(lost),
      bar: `= ${BARS.lost}`,
      ok: lost === BARS.lost,
    });
    for (const problem of problems.slice(0, 10)) console.log(`  problem: ${problem}`);
    console.log(
      `\n${ROUNDS} round(s) of ${SIGNERS} signers, one document each, signingOrder parallel; rate limits raised for the bench: RATE_LIMITS=${RATE_LIMITS}`,
    );
    reportBars('signing', rows);
  } finally {
    await stopAppAndCleanUp(app, dataDir, client);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
