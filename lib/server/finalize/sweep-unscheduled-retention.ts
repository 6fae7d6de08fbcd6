import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';
import { runPeriodically } from '@/lib/server/jobs/run-periodically';
import { ENDED_UNSIGNED } from './ended-unsigned';
import { scheduleRetention } from './schedule-retention';

const SWEEP_INTERVAL_MS = 60 * 60_000;
const BATCH = 100;

/** The audit event that ended a document of each unsigned end: its time is when retention counts from. */
const ENDING_EVENT: Record<string, string> = {
  DECLINED: 'recipient.declined',
  CANCELLED: 'document.cancelled',
  EXPIRED: 'document.expired',
};

/**
 * Declined, cancelled and expired documents without a purgeAt: those that
 * ended before their end scheduled retention (every end does now, in its own
 * transaction). Each is scheduled from when it ended (its ending audit event;
 * the row's updatedAt without one), so one that ended longer ago than
 * RETENTION_DAYS is purged at once. In batches until none is left; how many.
 */
export async function sweepUnscheduledRetention(client: TDbClient = db, days?: number): Promise<number> {
  let scheduled = 0;
  for (;;) {
    const batch = await client.document.findMany({
      where: { status: { in: [...ENDED_UNSIGNED] }, purgeAt: null },
      select: { id: true, status: true, updatedAt: true },
      orderBy: { id: 'asc' },
      take: BATCH,
    });
    let done = 0;
    for (const document of batch) {
      const ending = await client.auditEvent.findFirst({
        where: { documentId: document.id, type: ENDING_EVENT[document.status] },
        orderBy: { at: 'desc' },
        select: { at: true },
      });
      if (await client.$transaction((tx) => scheduleRetention(tx, document.id, ending?.at ?? document.updatedAt, days)))
        done += 1;
    }
    scheduled += done;
    // A batch where nothing could be scheduled (another instance's sweep took them) ends it too.
    if (batch.length < BATCH || done === 0) return scheduled;
  }
}

/** Sweeps a minute after start, then once an hour, in the process that runs jobs (instrumentation.ts). */
export function startRetentionSweeper(): void {
  runPeriodically('retention sweep', SWEEP_INTERVAL_MS, () => sweepUnscheduledRetention(), { firstAfterMs: 60_000 });
}
