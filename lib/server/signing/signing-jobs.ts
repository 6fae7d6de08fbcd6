import 'server-only';
import { z } from 'zod';
import { registerJobHandler } from '@/lib/server/jobs/registry';
import { deliverSigningLink } from './deliver-signing-link';
import { expireDocument } from './expire-document';
import { notifyRecipient } from './notify-recipient';
import {
  DOCUMENT_EXPIRE_QUEUE,
  DOCUMENT_REMIND_QUEUE,
  MAIL_CANCELLED_QUEUE,
  MAIL_EXPIRED_QUEUE,
  MAIL_INVITATION_QUEUE,
  MAIL_REMINDER_QUEUE,
} from './queues';
import { scheduleReminders } from './schedule-reminders';

const ZDelivery = z.object({ recipientId: z.string(), kind: z.enum(['invitation', 'resend', 'reminder']), requestedAt: z.iso.datetime().optional() });
const ZNotice = z.object({ recipientId: z.string(), notice: z.enum(['cancelled', 'expired']) });
const ZDocumentJob = z.object({ documentId: z.string() });
const ZReminderRun = ZDocumentJob.extend({ at: z.iso.datetime() });

/** Called once per server process before its job runner starts (lib/server/jobs/handlers.ts). */
export function registerSigningJobs(): void {
  const deliver = async (payload: unknown, context: Parameters<typeof deliverSigningLink>[1]) => void (await deliverSigningLink(ZDelivery.parse(payload), context));
  registerJobHandler(MAIL_INVITATION_QUEUE, deliver);
  registerJobHandler(MAIL_REMINDER_QUEUE, deliver);
  const notify = async (payload: unknown, context: Parameters<typeof notifyRecipient>[1]) => void (await notifyRecipient(ZNotice.parse(payload), context));
  registerJobHandler(MAIL_CANCELLED_QUEUE, notify);
  registerJobHandler(MAIL_EXPIRED_QUEUE, notify);
  registerJobHandler(DOCUMENT_REMIND_QUEUE, async (payload) => void (await scheduleReminders(ZReminderRun.parse(payload))));
  registerJobHandler(DOCUMENT_EXPIRE_QUEUE, async (payload) => void (await expireDocument(ZDocumentJob.parse(payload).documentId)));
}
