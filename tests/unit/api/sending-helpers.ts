import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TDbClient } from '@/lib/server/db/create-client';

export type TOutboxMail = { file: string; to: string; subject: string; replyTo: string | undefined; text: string };

/** Quoted-printable and RFC 2047 encoded words, enough to read nodemailer's plain-text mails back. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** Every mail in the outbox folder (SMTP_URL unset), oldest first. */
export function outboxMails(dataDir: string): TOutboxMail[] {
  const folder = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(folder, file), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    const header = (name: string) => {
      const line = unfolded.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
      return line ? decodeHeader(line.slice(name.length + 1).trim()) : undefined;
    };
    const body = rest.join('\n\n');
    const text = /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : /base64/i.test(header('content-transfer-encoding') ?? '') ? Buffer.from(body, 'base64').toString('utf8') : body;
    const to = header('to') ?? '';
    return { file, to: /<([^>]+)>/.exec(to)?.[1] ?? to, subject: header('subject') ?? '', replyTo: header('reply-to'), text };
  });
}

/** The signing token in a mail's /sign/{token} link. */
export function tokenIn(mail: TOutboxMail): string {
  const match = /\/sign\/([A-Za-z0-9_-]{43})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no signing link in the mail to ${mail.to}: ${mail.text}`);
  return match[1];
}

/** Runs every due job with the real runner until none is left (handlers as the app registers them). */
export async function runDueJobs(client: TDbClient): Promise<void> {
  const { JobRunner } = await import('@/lib/server/jobs/job-runner');
  const { registerJobHandlers } = await import('@/lib/server/jobs/handlers');
  registerJobHandlers();
  const runner = new JobRunner({ concurrency: 4, pollIntervalMs: 1000, client });
  for (let round = 0; round < 20; round++) {
    const started = await runner.tick();
    await runner.drain();
    if (started === 0) return;
  }
  throw new Error('jobs kept coming');
}
