/**
 * The outbox's file names, in one place for the writer (send-mail.ts) and
 * the readers (list-outbox.ts, read-outbox-mail.ts): the write time, so names
 * sort newest last, then a random UUID.
 */
export const OUTBOX_FOLDER = 'outbox';

const NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.eml$/;

export function outboxFileName(at: Date, uuid: string): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${uuid}.eml`;
}

/**
 * Whether a name (from a URL) is one the outbox writes: nothing else, so no
 * path, no "..", no other file of the data folder can be named.
 */
export function isOutboxFileName(name: string): boolean {
  return NAME.test(name);
}

/** When the file was written, read from its name. */
export function outboxFileDate(name: string): Date | null {
  const match = NAME.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
}
