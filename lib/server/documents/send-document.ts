import 'server-only';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import type { TSendBody } from '@/lib/api/v1/documents';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { attachmentLimits } from '@/lib/server/signing/actions/attachment-limits';
import { eidSettings } from '@/lib/server/signing/auth/eid/eid-settings';
import { expireDocumentJob } from '@/lib/server/signing/notices/expire-document';
import { queueTurnInvitations } from '@/lib/server/signing/notices/queue-turn-invitations';
import { remindDocumentJob } from '@/lib/server/signing/notices/schedule-reminders';
import { ownerSignsAlone } from '@/lib/server/signing/link/self-signing';
import { readyToSendErrors } from './check-ready-to-send';
import { readPageSizes } from './read-page-sizes';
import { assertDraft, requireOwnedDocumentById } from './require-owned-document-by-id';
import { settingsData } from './update-document-settings';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /api/v1/documents/{id}/send: checks the draft as stored plus the
 * body's settings (falling back to those saved by PATCH), then in one
 * transaction guarded by the draft state and the version that was checked
 * (updatedAt: every edit bumps it) marks it pending, records document.sent
 * and queues the first invitations (none when the owner signs alone), the
 * reminder scheduler and the expiry.
 * A concurrent send or edit makes this one answer 409 and change nothing.
 */
export async function sendDocument(
  id: string,
  owner: TWorkspaceCaller,
  body: TSendBody,
  meta: TRequestMeta,
): Promise<void> {
  const found = await requireOwnedDocumentById(id, owner.workspaceId);
  assertDraft(found);
  const pages = await readPageSizes(found); // may store the sizes (bumping updatedAt): read the version to guard after it
  const document = await requireOwnedDocumentById(id, owner.workspaceId);
  const recipients = await db.recipient.findMany({
    where: { documentId: id },
    orderBy: [{ order: 'asc' }, { createdAt: 'asc' }],
  });
  const fields = await db.field.findMany({
    where: { documentId: id },
    orderBy: [{ page: 'asc' }, { y: 'asc' }, { x: 'asc' }],
  });
  const settings = settingsData(body);
  const expiresAt = settings.expiresAt !== undefined ? settings.expiresAt : document.expiresAt;
  const errors = readyToSendErrors({
    recipients,
    fields,
    pages,
    expiresAt,
    eidAvailable: eidSettings() !== null,
    maxAttachments: attachmentLimits().maxCount,
  });
  if (errors.length > 0)
    throw new AppError('INVALID_INPUT', 'The document is not ready to send.', { fieldErrors: errors });
  const { email: ownerEmail } = await db.user.findUniqueOrThrow({
    where: { id: owner.userId },
    select: { email: true },
  });
  const alone = ownerSignsAlone(recipients, ownerEmail);

  const sentAt = new Date();
  const reminderDays = settings.reminderDays !== undefined ? settings.reminderDays : document.reminderDays;
  const nextReminderAt = reminderDays ? new Date(sentAt.getTime() + reminderDays * DAY_MS) : null;
  await db.$transaction(async (tx) => {
    const { count } = await tx.document.updateMany({
      where: { id, status: 'DRAFT', updatedAt: document.updatedAt },
      data: { ...settings, status: 'PENDING', mode: 'SIGN', sentAt, nextReminderAt },
    });
    if (count === 0)
      throw new AppError('CONFLICT', 'The document was sent or changed meanwhile; reload it and try again.');
    const sent = await tx.document.findUniqueOrThrow({ where: { id } });
    await appendAuditEvent(tx, {
      documentId: id,
      type: 'document.sent',
      actor: owner.actor,
      ...meta,
      at: sentAt,
      data: {
        recipients: recipients.map((recipient) => ({
          id: recipient.id,
          email: recipient.email,
          name: recipient.name,
          role: recipient.role.toLowerCase(),
          order: recipient.order,
          auth: recipient.auth.toLowerCase(),
        })),
        fieldCount: fields.length,
        // The fields as sent ("fields set" in the trail): what each recipient was asked to fill, where, and whether it was required.
        fields: fields.map((field) => ({
          id: field.id,
          type: field.type.toLowerCase(),
          recipientId: field.recipientId,
          page: field.page,
          box: [field.x, field.y, field.width, field.height].map((value) => Math.round(value * 100) / 100),
          required: field.required,
        })),
        // The owner signs alone: no invitation is mailed (they take their link from the workspace).
        ...(alone ? { selfSigning: true } : {}),
        settings: {
          signingOrder: sent.signingOrder.toLowerCase(),
          expiresAt: sent.expiresAt?.toISOString() ?? null,
          reminderDays: sent.reminderDays,
          locale: sent.locale,
          message: sent.message,
        },
      },
    });
    await queueTurnInvitations(tx, sent, recipients, { mail: !alone });
    if (nextReminderAt)
      await enqueueJob(
        remindDocumentJob,
        { documentId: id, at: nextReminderAt.toISOString() },
        { client: tx, runAt: nextReminderAt },
      );
    if (sent.expiresAt) await enqueueJob(expireDocumentJob, { documentId: id }, { client: tx, runAt: sent.expiresAt });
  });
}
