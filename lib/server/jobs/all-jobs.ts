import 'server-only';
import { notifySalesJob } from '@/lib/server/contact/jobs/notify-sales.job';
import { finalizeDocumentJob } from '@/lib/server/finalize/jobs/finalize-document.job';
import { mailCompletedJob } from '@/lib/server/finalize/jobs/mail-completed.job';
import { purgeDocumentJob } from '@/lib/server/finalize/purge-sealed-blobs';
import { expireDocumentJob } from '@/lib/server/signing/notices/expire-document';
import { mailCancelledJob } from '@/lib/server/signing/notices/jobs/mail-cancelled.job';
import { mailDeclinedToOwnerJob } from '@/lib/server/signing/notices/jobs/mail-declined-to-owner.job';
import { mailDeclinedJob } from '@/lib/server/signing/notices/jobs/mail-declined.job';
import { mailExpiredJob } from '@/lib/server/signing/notices/jobs/mail-expired.job';
import { mailInvitationJob } from '@/lib/server/signing/notices/jobs/mail-invitation.job';
import { mailReminderJob } from '@/lib/server/signing/notices/jobs/mail-reminder.job';
import { mailSignedConfirmationJob } from '@/lib/server/signing/notices/jobs/mail-signed-confirmation.job';
import { mailSignedToOwnerJob } from '@/lib/server/signing/notices/jobs/mail-signed-to-owner.job';
import { remindDocumentJob } from '@/lib/server/signing/notices/schedule-reminders';
import { deliverWebhookJob } from '@/lib/server/webhooks/jobs/deliver-webhook.job';
import type { TJob } from './define-job';
import { registerJob } from './registry';

/**
 * Every job the app runs. Most live in a `jobs/` folder of their domain; the
 * ones that queue themselves again (expire, remind, purge) beside the
 * operation they run.
 */
export const allJobs: readonly TJob[] = [
  notifySalesJob,
  mailInvitationJob,
  mailReminderJob,
  mailCancelledJob,
  mailExpiredJob,
  remindDocumentJob,
  expireDocumentJob,
  mailSignedToOwnerJob,
  mailSignedConfirmationJob,
  mailDeclinedToOwnerJob,
  mailDeclinedJob,
  finalizeDocumentJob,
  mailCompletedJob,
  purgeDocumentJob,
  deliverWebhookJob,
];

/**
 * Registers every job in the process that runs the job runner
 * (instrumentation.ts). Next bundles instrumentation apart from the routes,
 * so a registration made from a route module would not reach this runner.
 */
export function registerAllJobs(): void {
  for (const job of allJobs) registerJob(job);
}
