import 'server-only';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { getEnv } from '@/lib/env';
import { OUTBOX_FOLDER, outboxFileOf, outboxIdDate, outboxIdOf } from './outbox-files';

export type TOutboxEntry = { id: string; date: Date; to: string; subject: string };

export type TOutbox = {
  /** Mail goes through SMTP_URL: the outbox holds only what was written before it was set. */
  smtp: boolean;
  entries: TOutboxEntry[];
  /** How many mails the outbox holds, of which `entries` are the newest. */
  total: number;
};

/** Headers only: the list needs no bodies, and a bulky mail should not slow it. */
const headersOnly = { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true } as const;

/** The mails of the outbox folder, newest first (admin outbox page). */
export async function listOutbox({ limit = 100 }: { limit?: number } = {}): Promise<TOutbox> {
  const env = getEnv();
  const folder = path.join(env.dataDir, OUTBOX_FOLDER);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  // Names start with the write time, so the reverse name order is newest first.
  const mails = names
    .map(outboxIdOf)
    .filter((id) => id !== null)
    .sort()
    .reverse();
  const entries = await Promise.all(
    mails.slice(0, limit).map(async (id): Promise<TOutboxEntry | null> => {
      const file = path.join(folder, outboxFileOf(id));
      // Only regular files: a link planted in the folder must not show another file's content.
      if (!(await lstat(file).catch(() => null))?.isFile()) return null;
      const raw = await readFile(file).catch(() => null);
      if (!raw) return null; // removed since the listing
      const parsed = await simpleParser(raw, headersOnly);
      return {
        id,
        date: parsed.date ?? outboxIdDate(id) ?? new Date(0),
        to: toText(parsed.to),
        subject: parsed.subject ?? '',
      };
    }),
  );
  const listed = entries.filter((entry) => entry !== null);
  return { smtp: Boolean(env.SMTP_URL), entries: listed, total: mails.length - (entries.length - listed.length) };
}

export function toText(field: { text: string } | { text: string }[] | undefined): string {
  return [field ?? []]
    .flat()
    .map((address) => address.text)
    .join(', ');
}
