import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';
import { runPeriodically } from '@/lib/server/jobs/run-periodically';

/** How long an expired flow is kept: a callback that late still hears "expired" (not "unknown") from finish-eid. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Deletes the eID sign-ins that expired more than a day ago. start-eid
 * deletes a signer's own expired ones when they start again, but a signer who
 * never comes back (or a link abandoned after its eID page was opened) left
 * theirs for good. Returns how many it deleted.
 */
export async function sweepEidFlows(client: TDbClient = db, now = new Date()): Promise<number> {
  const { count } = await client.signerOidcFlow.deleteMany({
    where: { expiresAt: { lt: new Date(now.getTime() - KEEP_EXPIRED_MS) } },
  });
  return count;
}

/** Sweeps once an hour in the process that runs jobs (instrumentation.ts). */
export function startEidFlowSweeper(): void {
  runPeriodically('eID flow sweep', SWEEP_INTERVAL_MS, () => sweepEidFlows());
}
