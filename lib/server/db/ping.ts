import 'server-only';
import { getDb } from './client';

/** Resolves when the database answers a trivial query; throws otherwise (health checks). */
export async function pingDatabase(): Promise<void> {
  await getDb().$queryRaw`SELECT 1`;
}
