import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/server/logger';

export type TMail = { to: string; subject: string; text: string; html?: string; replyTo?: string };
export type TSentMail = { messageId: string; outboxFile?: string };

let transport: Transporter | undefined;

function getTransport(): Transporter {
  const env = getEnv();
  // Without SMTP_URL, mail is rendered to .eml files in the data folder's outbox.
  transport ??= env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return transport;
}

export async function sendMail(mail: TMail): Promise<TSentMail> {
  const env = getEnv();
  const info = await getTransport().sendMail({ from: env.MAIL_FROM, ...mail });
  if (env.SMTP_URL) {
    logger.info('mail sent', { to: mail.to, subject: mail.subject, messageId: info.messageId });
    return { messageId: info.messageId };
  }
  const outbox = path.join(env.dataDir, 'outbox');
  // Mails hold sign-in and signing links: for this user's eyes only, whatever the umask.
  await mkdir(outbox, { recursive: true, mode: 0o700 });
  const outboxFile = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
  await writeFile(outboxFile, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
  logger.info('mail written to outbox', { to: mail.to, subject: mail.subject, file: outboxFile });
  return { messageId: info.messageId, outboxFile };
}

/** For tests and configuration changes at run time. */
export function resetMailTransport(): void {
  transport = undefined;
}
