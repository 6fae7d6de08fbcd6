// Runs once when a server process starts (not during `next build`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getEnv } = await import('./lib/env');
  const env = getEnv(); // a bad variable stops the server here with a message naming it
  if (env.SIGNING_P12) {
    // Opened now, so a wrong SIGNING_P12_PASSWORD stops the server here too (scripts/boot.ts checks it first).
    const { getSealSigner } = await import('./lib/server/trust/seal-signer');
    await getSealSigner();
  }
  // Also when started without scripts/boot.ts (next start, next dev): every file we create is private.
  const { makeDataPrivate } = await import('./lib/server/private-data');
  const { sqliteFileOf } = await import('./lib/server/db/sqlite-file');
  const { logger } = await import('./lib/server/logger');
  for (const warning of makeDataPrivate({ dataDir: env.dataDir, sqliteFile: sqliteFileOf(env.databaseUrl) }))
    logger.warn(warning);
  // One line saying whether office conversion can run sandboxed here, and how to fix it if not.
  const { announceSandbox } = await import('./lib/server/office/run-sandboxed');
  void announceSandbox(env.OFFICE_SANDBOX_BWRAP);
  const { registerAllJobs } = await import('./lib/server/jobs/all-jobs');
  registerAllJobs();
  const { startProcessJobRunner } = await import('./lib/server/jobs/process-runner');
  startProcessJobRunner();
  // Leftovers of crashed uploads (temp folders, half-written or orphan blobs), with the other background work.
  if (getEnv().JOBS_ENABLED) {
    const { startUploadSweeper } = await import('./lib/server/documents/upload/sweep-upload-leftovers');
    startUploadSweeper();
    // A document whose finalize job died with its runner on the last attempt becomes sealing_failed, never stays pending.
    const { startFinalizeWatch } = await import('./lib/server/finalize/fail-stranded-finalizations');
    startFinalizeWatch();
    // eID sign-ins signers started and never finished, a day after they expired.
    const { startEidFlowSweeper } = await import('./lib/server/signing/auth/eid/sweep-eid-flows');
    startEidFlowSweeper();
    // Finished webhook deliveries after 30 days: their payloads name recipients.
    const { startWebhookDeliverySweeper } = await import('./lib/server/webhooks/sweep-webhook-deliveries');
    startWebhookDeliverySweeper();
    // Retention of declined, cancelled and expired documents that ended before their end scheduled it.
    const { startRetentionSweeper } = await import('./lib/server/finalize/sweep-unscheduled-retention');
    startRetentionSweeper();
  }
}
