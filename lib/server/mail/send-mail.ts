import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { z } from 'zod';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { logger } from '@/lib/server/logger';
import { ZMailEmail, ZMailLine } from './mail-data';
import { OUTBOX_FOLDER, outboxFileName } from './outbox-files';

export type TMailAddress = { name?: string; address: string };

export type TMail = {
  to: string | TMailAddress;
  subject: string;
  /** Always sent: spam filters distrust HTML-only mail, and some people read plain text. */
  text: string;
  html?: string;
  /** The person a reply should reach (the document's owner), since From is the product's address. */
  replyTo?: string | TMailAddress;
  /** RFC 3834 Auto-Submitted: auto-generated, so auto-responders stay quiet; true unless a person wrote the mail. */
  autoSubmitted?: boolean;
  /** Files sent with the mail (the sealed PDF of a completion mail, a team's logo shown inline). */
  attachments?: TMailAttachment[];
  /** The display name of From ("ACME via Signet" for a branded team); the address stays MAIL_FROM's. */
  fromName?: string;
};

/** `cid`: shown inline by the HTML part (`<img src="cid:…">`) rather than listed as a file. */
export type TMailAttachment = { filename: string; content: Uint8Array; contentType: string; cid?: string };

export type TSentMail = { messageId: string; outboxFile?: string };

const ZAddress = z.union([ZMailEmail, z.object({ name: ZMailLine.optional(), address: ZMailEmail })]);

/** Header values are checked before anything is sent: a CR/LF in a name or subject could forge headers. */
const ZMail = z.object({
  to: ZAddress,
  subject: ZMailLine,
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  replyTo: ZAddress.optional(),
  fromName: ZMailLine.optional(),
  autoSubmitted: z.boolean().optional(),
  attachments: z
    .array(
      z.object({
        filename: ZMailLine,
        content: z.instanceof(Uint8Array),
        contentType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/),
        cid: z
          .string()
          .regex(/^[\w.-]+@[\w.-]+$/)
          .optional(),
      }),
    )
    .optional(),
});

let transport: Transporter | undefined;

function getTransport(): Transporter {
  const env = getEnv();
  // Without SMTP_URL, mail is rendered to .eml files in the data folder's outbox (the admin outbox page shows them).
  transport ??= env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return transport;
}

/** The address of MAIL_FROM ("Signet <no-reply@example.com>" or a bare address). */
function fromAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** A Message-ID in our own domain (the APP_URL host): filters score IDs that do not match the sender. */
function messageIdFor(appUrl: string): string {
  return `<${randomUUID()}@${new URL(appUrl).hostname}>`;
}

export async function sendMail(mail: TMail): Promise<TSentMail> {
  const parsed = ZMail.safeParse(mail);
  if (!parsed.success) {
    throw new AppError('INVALID_INPUT', 'The mail has an invalid address or subject.', {
      fieldErrors: parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    });
  }
  const env = getEnv();
  const { autoSubmitted = true, attachments, fromName, ...message } = parsed.data;
  const options: SendMailOptions = {
    ...message,
    ...(attachments
      ? { attachments: attachments.map((file) => ({ ...file, content: Buffer.from(file.content) })) }
      : {}),
    from: fromName ? { name: fromName, address: fromAddress(env.MAIL_FROM) } : env.MAIL_FROM,
    messageId: messageIdFor(env.appUrl),
    date: new Date(),
    // Microsoft's variant of the same request, honoured by Exchange and Outlook.
    headers: autoSubmitted ? { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'OOF, AutoReply' } : {},
    ...(env.dkim ? { dkim: env.dkim } : {}),
  };
  const info = await getTransport().sendMail(options);
  const to = typeof message.to === 'string' ? message.to : message.to.address;
  if (env.SMTP_URL) {
    logger.info('mail sent', { to, subject: message.subject, messageId: info.messageId });
    return { messageId: info.messageId };
  }
  const outbox = path.join(env.dataDir, OUTBOX_FOLDER);
  // Mails hold sign-in and signing links: for this user's eyes only, whatever the umask.
  await mkdir(outbox, { recursive: true, mode: 0o700 });
  const outboxFile = path.join(outbox, outboxFileName(new Date(), randomUUID()));
  await writeFile(outboxFile, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
  logger.info('mail written to outbox', { to, subject: message.subject, file: outboxFile });
  return { messageId: info.messageId, outboxFile };
}

/** For tests and configuration changes at run time. */
export function resetMailTransport(): void {
  transport = undefined;
}
