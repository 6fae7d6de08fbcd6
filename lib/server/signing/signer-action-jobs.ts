import 'server-only';
import { z } from 'zod';
import { declareJobQueue, registerJobHandler } from '@/lib/server/jobs/registry';
import { mailDeclined, mailDeclinedToOwner, mailSignedConfirmation, mailSignedToOwner } from './signer-action-mails';
import {
  DOCUMENT_FINALIZE_QUEUE,
  MAIL_DECLINED_QUEUE,
  MAIL_DECLINED_TO_OWNER_QUEUE,
  MAIL_SIGNED_CONFIRMATION_QUEUE,
  MAIL_SIGNED_TO_OWNER_QUEUE,
} from './signer-action-queues';

const ZRecipientJob = z.object({ recipientId: z.string() });
const ZDeclinedJob = ZRecipientJob.extend({ declinedBy: z.string() });

/** Called once per server process before its job runner starts (lib/server/jobs/handlers.ts). */
export function registerSignerActionJobs(): void {
  registerJobHandler(MAIL_SIGNED_TO_OWNER_QUEUE, async (payload) => void (await mailSignedToOwner(ZRecipientJob.parse(payload))));
  registerJobHandler(MAIL_SIGNED_CONFIRMATION_QUEUE, async (payload, context) => void (await mailSignedConfirmation(ZRecipientJob.parse(payload), context)));
  registerJobHandler(MAIL_DECLINED_TO_OWNER_QUEUE, async (payload) => void (await mailDeclinedToOwner(ZRecipientJob.parse(payload))));
  registerJobHandler(MAIL_DECLINED_QUEUE, async (payload, context) => void (await mailDeclined(ZDeclinedJob.parse(payload), context)));
  // Sealing registers the handler; until then finalize jobs wait in the queue instead of failing.
  declareJobQueue(DOCUMENT_FINALIZE_QUEUE);
}
