// Runs once when a server process starts (not during `next build`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getEnv } = await import('./lib/env');
  getEnv(); // a bad variable stops the server here with a message naming it
  const { registerJobHandlers } = await import('./lib/server/jobs/handlers');
  registerJobHandlers();
  const { startProcessJobRunner } = await import('./lib/server/jobs/process-runner');
  startProcessJobRunner();
  // Leftovers of crashed uploads (temp folders, half-written or orphan blobs), with the other background work.
  if (getEnv().JOBS_ENABLED) {
    const { startUploadSweeper } = await import('./lib/server/documents/sweep-upload-leftovers');
    startUploadSweeper();
  }
}
