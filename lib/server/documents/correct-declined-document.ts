import 'server-only';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/errors';
import type { Plan } from '@/lib/generated/prisma/sqlite/enums';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { logger } from '@/lib/server/logger';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import { checkUploadQuota, planHasLimit } from './upload/check-upload-quota';
import { newDocumentToken } from './upload/create-document-from-upload';
import { documentUrl } from '@/lib/server/http/document-url';
import { claimPendingUpload, clearPendingUpload, markUploadPending } from './upload/pending-upload';
import { requireOwnedDocumentById } from './require-owned-document-by-id';

export type TCorrectionOwner = TWorkspaceCaller & { plan: Plan };

/** The last path part of a blob key ("documents/<uuid>/original.docx" → "original.docx"). */
const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/**
 * POST /api/v1/documents/{id}/correction ("Correct and send again"): a
 * declined document becomes a new draft with the same file, recipients,
 * fields (values left out) and sending settings, for the owner to fix and
 * send; the draft points back at the declined one, whose decline it shows.
 * It counts as an upload (the workspace's monthly quota, checked again under
 * the workspace's row lock as an upload is). The file is copied, not shared: deleting either
 * document, or retention purging the declined one, deletes its own blobs.
 * Refused with 409 for a document that is not declined, whose file retention
 * has already deleted, or that was corrected already (`draftId` names that draft).
 */
export async function correctDeclinedDocument(
  id: string,
  owner: TCorrectionOwner,
  meta: TRequestMeta,
  options: { client?: TDbClient; store?: BlobStore } = {},
) {
  const client = options.client ?? db;
  const source = await requireOwnedDocumentById(id, owner.workspaceId, client);
  if (source.status !== 'DECLINED') {
    throw new AppError(
      'CONFLICT',
      `The document is ${source.status.toLowerCase()}: only a declined document can be corrected and sent again.`,
      { extensions: { reason: 'not_declined' } },
    );
  }
  if (source.workingPurgedAt) {
    throw new AppError(
      'CONFLICT',
      'The file of this declined document was deleted under the retention rules; upload it again.',
      { extensions: { reason: 'purged' } },
    );
  }
  await refuseSecondCorrection(client, id);
  const limited = planHasLimit(owner.plan);
  if (limited) await checkUploadQuota(owner, { client });

  const store = options.store ?? getBlobStore();
  const folder = `documents/${randomUUID()}`;
  const copies: { key: string; sha256: string; size: number }[] = [];
  await markUploadPending(client, folder);
  try {
    // The sweeper leaves a pending folder alone, so the copies are safe until the commit claims it.
    for (const key of [source.originalBlob, source.currentBlob]) {
      if (!key) continue;
      const copy = await store.put(`${folder}/${baseName(key)}`, await store.get(key));
      copies.push(copy);
    }
    const [original, current] = copies as [(typeof copies)[0], (typeof copies)[0] | undefined];
    const draft = await client.$transaction(async (tx) => {
      if (limited) {
        await lockWorkspaceRow(tx, owner.workspaceId);
        await checkUploadQuota(owner, { client: tx as unknown as TDbClient });
      }
      await claimPendingUpload(tx, folder);
      const recipients = await tx.recipient.findMany({
        where: { documentId: id },
        orderBy: [{ order: 'asc' }, { createdAt: 'asc' }],
      });
      const fields = await tx.field.findMany({
        where: { documentId: id },
        orderBy: [{ page: 'asc' }, { y: 'asc' }, { x: 'asc' }],
      });
      const created = await tx.document.create({
        data: {
          token: newDocumentToken(),
          name: source.name,
          ownerId: owner.userId,
          workspaceId: source.workspaceId,
          mode: 'EDIT',
          status: 'DRAFT',
          // The deadline is left out: it was set for the first round and has likely passed.
          signingOrder: source.signingOrder,
          message: source.message,
          reminderDays: source.reminderDays,
          locale: source.locale,
          pageSizes: source.pageSizes,
          pageCount: source.pageCount,
          originalBlob: original.key,
          originalSha256: original.sha256,
          currentBlob: current?.key ?? null,
          currentSha256: current?.sha256 ?? null,
          correctedFromId: id,
        },
      });
      const recipientIds = new Map<string, string>();
      for (const recipient of recipients) {
        const copy = await tx.recipient.create({
          data: {
            documentId: created.id,
            email: recipient.email,
            name: recipient.name,
            role: recipient.role,
            order: recipient.order,
            auth: recipient.auth,
          },
        });
        recipientIds.set(recipient.id, copy.id);
      }
      if (fields.length > 0) {
        await tx.field.createMany({
          data: fields.map((field) => ({
            documentId: created.id,
            recipientId: field.recipientId ? (recipientIds.get(field.recipientId) ?? null) : null,
            type: field.type,
            page: field.page,
            x: field.x,
            y: field.y,
            width: field.width,
            height: field.height,
            required: field.required,
            meta: field.meta,
          })),
        });
      }
      // The "uploaded" event as an upload writes it (the document page reads the size from it), naming where it came from.
      await appendAuditEvent(tx, {
        documentId: created.id,
        type: 'document.uploaded',
        actor: owner.actor,
        ...meta,
        data: {
          name: source.name,
          size: original.size,
          sha256: original.sha256,
          pdfSha256: current?.sha256 ?? original.sha256,
          pageCount: source.pageCount,
          correctedFrom: id,
        },
      });
      return created;
    });
    return {
      id: draft.id,
      name: draft.name,
      status: 'draft' as const,
      pageCount: draft.pageCount,
      sha256: current?.sha256 ?? original.sha256,
      createdAt: draft.createdAt.toISOString(),
      url: documentUrl(draft),
      correctedFrom: id,
    };
  } catch (error) {
    for (const { key } of copies)
      await store
        .delete(key)
        .catch((cause: unknown) =>
          logger.error('could not remove a blob of a failed correction', { key, error: cause }),
        );
    await clearPendingUpload(client, folder).catch((cause: unknown) =>
      logger.error('could not clear a failed correction', { folder, error: cause }),
    );
    // Two requests at once: the unique correctedFromId lets one through; the other says which draft won.
    if (isUniqueViolation(error)) await refuseSecondCorrection(client, id);
    throw error;
  }
}

async function refuseSecondCorrection(client: TDbClient, id: string): Promise<void> {
  const existing = await client.document.findUnique({
    where: { correctedFromId: id },
    select: { id: true, token: true },
  });
  if (existing) {
    throw new AppError('CONFLICT', 'This declined document was already corrected; open that draft.', {
      extensions: { reason: 'already_corrected', draftId: existing.id, url: documentUrl(existing) },
    });
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}
