import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { startSmtpSink, type TSmtpSink } from '@/tests/fixtures/smtp-sink';

export type TOutboxMail = { to: string; subject: string; replyTo: string | undefined; text: string; html: string };

const firstAddress = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat()[0]?.value[0]?.address ?? '';

function view(parsed: ParsedMail): TOutboxMail {
  return {
    to: firstAddress(parsed.to),
    subject: parsed.subject ?? '',
    replyTo: parsed.replyTo?.text,
    text: parsed.text ?? '',
    html: String(parsed.html || ''),
  };
}

/** Every mail in the outbox folder (the app without SMTP_URL), oldest first. */
export async function outboxMails(dataDir: string): Promise<TOutboxMail[]> {
  const folder = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(folder)
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return Promise.all(files.map(async (file) => view(await simpleParser(readFileSync(path.join(folder, file))))));
}

/**
 * A real SMTP server the app under test sends to (SMTP_URL). Call before
 * apiWorld(): its hook must set SMTP_URL before the app's environment loads.
 */
export function smtpSinkForApi() {
  let sink: TSmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    vi.stubEnv('SMTP_URL', sink.url);
  });
  afterAll(async () => {
    await sink?.close();
  });
  return {
    /** Every mail delivered so far, in arrival order; `to` is the SMTP envelope's first recipient. */
    mails: (): TOutboxMail[] =>
      (sink?.mails ?? []).map((mail) => ({ ...view(mail.parsed), to: mail.envelope.to[0] ?? '' })),
  };
}

/** The signing token in a mail's /sign/{token} link (its text part carries it as a plain URL). */
export function tokenIn(mail: TOutboxMail): string {
  const match = /\/sign\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no signing link in the mail to ${mail.to}: ${mail.text}`);
  return match[1];
}

/** Runs every due job with the real runner until none is left (handlers as the app registers them). */
export async function runDueJobs(client: TDbClient): Promise<void> {
  const { JobRunner } = await import('@/lib/server/jobs/job-runner');
  const { registerAllJobs } = await import('@/lib/server/jobs/all-jobs');
  registerAllJobs();
  const runner = new JobRunner({ concurrency: 4, pollIntervalMs: 1000, client });
  for (let round = 0; round < 20; round++) {
    const started = await runner.tick();
    await runner.drain();
    if (started === 0) return;
  }
  throw new Error('jobs kept coming');
}

/**
 * The owner's v1 routes most API tests drive (recipients, fields, send and
 * what follows a send). Import inside beforeAll, after apiWorld() has set the
 * environment up.
 */
export async function loadOwnerRoutes() {
  return {
    recipients: await import('@/app/api/v1/documents/[id]/recipients/route'),
    fields: await import('@/app/api/v1/documents/[id]/fields/route'),
    send: await import('@/app/api/v1/documents/[id]/send/route'),
    remind: await import('@/app/api/v1/documents/[id]/remind/route'),
    cancel: await import('@/app/api/v1/documents/[id]/cancel/route'),
    resend: await import('@/app/api/v1/documents/[id]/recipients/[recipientId]/resend/route'),
    link: await import('@/app/api/v1/documents/[id]/recipients/[recipientId]/link/route'),
    audit: await import('@/app/api/v1/documents/[id]/audit/route'),
  };
}

export type TOwnerRoutes = Awaited<ReturnType<typeof loadOwnerRoutes>>;
