import 'server-only';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { TDbClient } from './client';

type TLeaseClient = Pick<TDbClient, 'setting'>;

/**
 * A named lease in the Setting table, shared by every instance on one
 * database: at most one holder at a time, and a holder that died loses it
 * after `ttlMs`. Taken by an insert (the key is unique) or, when the row is
 * older than the ttl, by a conditional update: both are single statements, so
 * two instances can never both succeed. Used for periodic work that must not
 * run twice at once (the upload sweeper).
 */
export async function takeLease(
  client: TLeaseClient,
  name: string,
  options: { ttlMs: number; now?: Date },
): Promise<{ release: () => Promise<void> } | null> {
  const key = `lease:${name}`;
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  const now = options.now ?? new Date();
  const release = async () => {
    await client.setting.deleteMany({ where: { key, value: holder } });
  };
  try {
    await client.setting.create({ data: { key, value: holder, updatedAt: now } });
    return { release };
  } catch (error) {
    if ((error as { code?: string }).code !== 'P2002') throw error;
  }
  const stale = new Date(now.getTime() - options.ttlMs);
  const { count } = await client.setting.updateMany({
    where: { key, updatedAt: { lt: stale } },
    data: { value: holder, updatedAt: now },
  });
  return count === 1 ? { release } : null;
}
