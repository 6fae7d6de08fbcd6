import 'server-only';
import { registerContactJobs } from '@/lib/server/contact/notify-sales';
import { registerFinalizeJobs } from '@/lib/server/finalize/finalize-jobs';
import { registerSignerActionJobs } from '@/lib/server/signing/signer-action-jobs';
import { registerSigningJobs } from '@/lib/server/signing/signing-jobs';
import { registerWebhookJobs } from '@/lib/server/webhooks/webhook-jobs';

/**
 * Every queue's handler, registered in the process that runs the job runner
 * (instrumentation.ts). Next bundles instrumentation apart from the routes,
 * so registering from a route module would not reach this runner.
 */
export function registerJobHandlers(): void {
  registerContactJobs();
  registerSigningJobs();
  registerSignerActionJobs();
  registerFinalizeJobs();
  registerWebhookJobs();
}
