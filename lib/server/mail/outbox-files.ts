/**
 * The outbox's file names, in one place for the writer (send-mail.ts) and
 * the readers (list-outbox.ts, read-outbox-mail.ts): the write time, so names
 * sort newest last, then a random UUID, then `.eml`. A mail's id (in the
 * outbox page's URLs) is its name without `.eml`: the proxy leaves dotted
 * paths to the static files.
 */
export const OUTBOX_FOLDER = 'outbox';

const ID =
  /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function outboxFileName(at: Date, uuid: string): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${uuid}.eml`;
}

/**
 * Whether an id (from a URL) is one the outbox writes: nothing else, so no
 * path, no "..", no other file of the data folder can be named.
 */
export function isOutboxId(id: string): boolean {
  return ID.test(id);
}

/** The id of a file the outbox wrote, or null for any other name. */
export function outboxIdOf(fileName: string): string | null {
  const id = fileName.endsWith('.eml') ? fileName.slice(0, -'.eml'.length) : '';
  return isOutboxId(id) ? id : null;
}

/** The file that holds the mail `id` (an id isOutboxId accepted). */
export function outboxFileOf(id: string): string {
  return `${id}.eml`;
}

/** When the mail was written, read from its id. */
export function outboxIdDate(id: string): Date | null {
  const match = ID.exec(id);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
}
