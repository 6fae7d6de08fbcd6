import 'server-only';
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { toText } from './list-outbox';
import { isOutboxId, OUTBOX_FOLDER, outboxFileOf, outboxIdDate } from './outbox-files';

export type TOutboxMail = {
  id: string;
  date: Date;
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  messageId: string;
  /** The HTML part as written: untrusted markup, shown only in a sandboxed frame. */
  html: string | null;
  text: string | null;
};

/**
 * One mail of the outbox by its id (file name without .eml). Only names the outbox writes are
 * accepted, and only a regular file (not a link) is read, so no other file
 * of the data folder or the machine can be reached through `id`.
 */
export async function readOutboxMail(id: string): Promise<TOutboxMail> {
  if (!isOutboxId(id)) throw new AppError('NOT_FOUND', 'No such mail in the outbox.');
  const file = path.join(getEnv().dataDir, OUTBOX_FOLDER, outboxFileOf(id));
  const stat = await lstat(file).catch(() => null);
  if (!stat?.isFile()) throw new AppError('NOT_FOUND', 'No such mail in the outbox.');
  const parsed = await simpleParser(await readFile(file), { skipImageLinks: true, skipTextToHtml: true });
  return {
    id,
    date: parsed.date ?? outboxIdDate(id) ?? new Date(0),
    from: toText(parsed.from),
    to: toText(parsed.to),
    replyTo: toText(parsed.replyTo),
    subject: parsed.subject ?? '',
    messageId: parsed.messageId ?? '',
    html: parsed.html || null,
    text: parsed.text ?? null,
  };
}
