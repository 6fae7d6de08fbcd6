import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';
import { runPeriodically } from '@/lib/server/jobs/run-periodically';

/** How long a finished delivery (and its attempts) stays in the log: payloads name recipients, so not forever. */
export const KEEP_FINISHED_DELIVERIES_MS = 30 * 24 * 60 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Deletes delivered and failed deliveries older than 30 days, their attempts with them; pending ones stay for their job. */
export async function sweepWebhookDeliveries(client: TDbClient = db, now = new Date()): Promise<number> {
  const { count } = await client.webhookDelivery.deleteMany({
    where: {
      status: { in: ['DELIVERED', 'FAILED'] },
      createdAt: { lt: new Date(now.getTime() - KEEP_FINISHED_DELIVERIES_MS) },
    },
  });
  return count;
}

/** Sweeps once an hour in the process that runs jobs (instrumentation.ts). */
export function startWebhookDeliverySweeper(): void {
  runPeriodically('webhook delivery sweep', SWEEP_INTERVAL_MS, () => sweepWebhookDeliveries());
}
