import 'server-only';
import { loadBrand } from '@/lib/server/branding/load-brand';
import { db, type TDbClient } from '@/lib/server/db/client';
import { sealedFileName } from '@/lib/server/documents/download-document';
import { documentUrl } from '@/lib/server/http/document-url';
import type { TJobContext } from '@/lib/server/jobs/define-job';
import { sendTemplateMail } from '@/lib/server/mail/send-template-mail';
import {
  mailLocale,
  ownerPerson,
  recipientPerson,
  withMailErrorKept,
} from '@/lib/server/signing/notices/mail-recipient';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { downloadLinkExpiry, downloadLinkUrl, signDownloadToken } from './download-link';

/** Larger sealed PDFs go by link: many mail servers refuse messages much over 10 MB once encoded. */
export const ATTACH_MAX_BYTES = 10 * 1024 * 1024;

export type TCompletedMailPayload = { documentId: string; recipientId: string | null };
type TDeps = { client?: TDbClient; store?: Pick<BlobStore, 'get'>; now?: Date };

/**
 * Job mail.completed: the sealed PDF to one recipient (any role, cc
 * included) or, with recipientId null, to the owner; attached under 10 MB,
 * otherwise a signed link that expires. Sent at most once per person: the
 * marker (completionMailedAt) is checked first and set right after the send,
 * so a retried job (a failure after the send) does not mail again.
 */
export async function mailCompleted(
  payload: TCompletedMailPayload,
  context: Pick<TJobContext, 'attempt' | 'maxAttempts'>,
  deps: TDeps = {},
): Promise<'sent' | 'skipped'> {
  const client = deps.client ?? db;
  const document = await client.document.findUnique({ where: { id: payload.documentId }, include: { owner: true } });
  if (document?.status !== 'COMPLETED' || !document.sealedBlob || document.sealedPurgedAt) return 'skipped';
  const recipient = payload.recipientId
    ? await client.recipient.findUnique({ where: { id: payload.recipientId } })
    : null;
  if (
    payload.recipientId
      ? !recipient || recipient.documentId !== document.id || recipient.completionMailedAt
      : document.ownerCompletionMailedAt
  )
    return 'skipped';

  const bytes = await (deps.store ?? getBlobStore()).get(document.sealedBlob);
  const now = deps.now ?? new Date();
  const attached = bytes.byteLength < ATTACH_MAX_BYTES;
  const expiresAt = downloadLinkExpiry(now, document.purgeAt);
  const attachments = attached
    ? [{ filename: sealedFileName(document.name), content: bytes, contentType: 'application/pdf' }]
    : undefined;
  const token = attached
    ? null
    : signDownloadToken({ documentId: document.id, recipientId: payload.recipientId, expiresAt });
  const data = token
    ? { attached: false, downloadUrl: downloadLinkUrl(token), downloadExpiresAt: expiresAt }
    : { attached: true };
  const owner = ownerPerson(document.owner);

  if (recipient) {
    const brand = await loadBrand(document.workspaceId);
    await withMailErrorKept(recipient.id, { ...context, queue: 'mail.completed' }, () =>
      sendTemplateMail(
        'completed',
        mailLocale(document, document.owner),
        { documentName: document.name, ownerName: owner.name, ...data },
        { to: recipientPerson(recipient), replyTo: owner, attachments, brand },
      ),
    );
    await client.recipient.updateMany({
      where: { id: recipient.id, completionMailedAt: null },
      data: { completionMailedAt: new Date(), mailError: null },
    });
    return 'sent';
  }
  await sendTemplateMail(
    'completed-to-owner',
    mailLocale({ locale: null }, document.owner),
    { documentName: document.name, documentUrl: documentUrl(document), ...data },
    { to: owner, attachments },
  );
  await client.document.updateMany({
    where: { id: document.id, ownerCompletionMailedAt: null },
    data: { ownerCompletionMailedAt: new Date() },
  });
  return 'sent';
}
