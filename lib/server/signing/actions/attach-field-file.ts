import 'server-only';
import { randomUUID } from 'node:crypto';
import { sha256Hex } from '@/lib/sha256-hex';
import type { TField } from '@/lib/api/v1/fields';
import { AppError } from '@/lib/errors';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { PerKeyLimit } from '@/lib/server/concurrency/per-key-limit';
import { db, type TTransaction } from '@/lib/server/db/client';
import { fieldView } from '@/lib/server/fields/field-view';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { declaresFilePast } from '@/lib/server/http/request-body';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { attachmentLimits } from './attachment-limits';
import { attachmentValue, parseAttachmentValue } from '@/lib/server/fields/attachment-value';
import { cleanAttachment } from './clean-attachment';
import { lockSigner, type TSignerLink } from '../link/lock-signer';
import type { TAttachmentInput } from './field-input';

/** Attachment bodies one signing link may have in flight: each is held whole in memory while it is checked. */
export const ATTACHMENT_BODIES_PER_LINK = 2;
const RETRY_AFTER_SECONDS = 5;

const bodiesPerLink = new PerKeyLimit(
  ATTACHMENT_BODIES_PER_LINK,
  () =>
    new AppError(
      'RATE_LIMITED',
      `${ATTACHMENT_BODIES_PER_LINK} files are already being received for this signing link; try again when they are done.`,
      { retryAfterSeconds: RETRY_AFTER_SECONDS },
    ),
);

const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `An attachment may be at most ${megabytes(maxBytes)}.`, {
    fieldErrors: [{ path: 'file', message: `At most ${megabytes(maxBytes)}.` }],
  });
const tooMany = (maxCount: number) => {
  const message = `You have attached ${maxCount} files, the most one recipient may attach; remove one before attaching another.`;
  return new AppError('UNPROCESSABLE', message, {
    fieldErrors: [{ path: 'file', message }],
    extensions: { reason: 'too_many_attachments', limit: maxCount },
  });
};

/**
 * The file's bytes, refused as soon as they pass `maxBytes`: at most
 * `maxBytes` + one chunk is ever held, and the rest of the body is not read
 * (the multipart reader stops reading once the caller stops pulling).
 */
async function readBounded(data: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Files this recipient has attached to their other attachment fields. */
function othersAttached(client: Pick<TTransaction, 'field'>, signer: TSignerLink, field: Field): Promise<number> {
  return client.field.count({
    where: {
      documentId: signer.document.id,
      recipientId: signer.recipient.id,
      type: 'ATTACHMENT',
      value: { not: null },
      id: { not: field.id },
    },
  });
}

/**
 * PUT /api/v1/signing/{token}/fields/{fieldId} on an attachment field:
 * multipart `file` (a PDF, PNG or JPEG by its bytes, at most
 * SIGNER_ATTACHMENT_MAX_BYTES, at most SIGNER_ATTACHMENT_MAX_COUNT files per
 * recipient), cleaned (cleanAttachment: what is kept is the inspected PDF or
 * the re-encoded image, under a safe name with the right extension) and
 * stored encrypted in the blob store beside the document; the field's value
 * points at it. JSON `{ value: null }` removes it. The previous file goes
 * once the new value is committed; a refused or failed write leaves the old
 * one. Details: docs/uploads.md "Signer attachments".
 */
export async function attachFieldFile(
  signer: TSignerLink & { document: { originalBlob: string } },
  field: Field,
  input: TAttachmentInput,
  meta: TRequestMeta,
): Promise<TField> {
  if (input.kind === 'remove') return store(signer, field, null, meta);
  const body = input.file;
  const limits = attachmentLimits();
  // Refused before a byte of the body is read: a declared size past the limit, or a recipient already at their count.
  if (declaresFilePast(body, limits.maxBytes)) throw tooLarge(limits.maxBytes);
  if ((await othersAttached(db, signer, field)) >= limits.maxCount) throw tooMany(limits.maxCount);
  const file = await bodiesPerLink.run(signer.linkId, async () => {
    const upload = await body.read(limits.maxBytes);
    const received = await readBounded(upload.data, limits.maxBytes);
    return { ...(await cleanAttachment(received, upload.fileName)), receivedSha256: sha256Hex(received) };
  });
  // Beside the document's own blobs: deleting the document leaves them to the leftover sweeper with the rest of its folder.
  const key = `${signer.document.originalBlob.split('/').slice(0, 2).join('/')}/attachments/${field.id}-${randomUUID()}.${file.type}`;
  await getBlobStore().put(key, file.bytes);
  const stored = sha256Hex(file.bytes);
  const value = attachmentValue({
    key,
    name: file.name,
    contentType: file.contentType,
    size: file.bytes.byteLength,
    sha256: stored,
  });
  // As for owner uploads: when what is kept is not what was sent, the trail keeps the received bytes' hash and why.
  const cleaned = {
    ...(file.receivedSha256 !== stored ? { receivedSha256: file.receivedSha256 } : {}),
    ...(file.strippedScripts.length > 0 ? { scriptsRemoved: file.strippedScripts } : {}),
    ...(file.repairs.length > 0 ? { repairs: file.repairs } : {}),
  };
  try {
    return await store(signer, field, value, meta, { maxCount: limits.maxCount, cleaned });
  } catch (error) {
    await getBlobStore()
      .delete(key)
      .catch(() => undefined);
    throw error;
  }
}

async function store(
  signer: TSignerLink,
  field: Field,
  value: string | null,
  meta: TRequestMeta,
  { maxCount = Infinity, cleaned = {} }: { maxCount?: number; cleaned?: Record<string, unknown> } = {},
): Promise<TField> {
  const { answer, previous } = await db.$transaction(async (tx) => {
    const { recipient } = await lockSigner(tx, signer);
    // Again under the document's lock: two uploads to different fields at once must not both pass the count.
    if (value !== null && (await othersAttached(tx, signer, field)) >= maxCount) throw tooMany(maxCount);
    const current = await tx.field.findUniqueOrThrow({ where: { id: field.id } });
    if (current.value === value) return { answer: fieldView(current), previous: null };
    const updated = await tx.field.update({ where: { id: field.id }, data: { value } });
    const { key: _key, ...file } = parseAttachmentValue(value) ?? {};
    await appendAuditEvent(tx, {
      documentId: field.documentId,
      type: value === null ? 'field.cleared' : 'field.filled',
      actor: `recipient:${recipient.id}`,
      ...meta,
      data: {
        recipientId: recipient.id,
        fieldId: field.id,
        fieldType: 'attachment',
        ...(value === null ? { value: null } : { file, ...cleaned }),
      },
    });
    return { answer: fieldView(updated), previous: parseAttachmentValue(current.value)?.key ?? null };
  });
  if (previous)
    await getBlobStore()
      .delete(previous)
      .catch((error: unknown) => logger.warn('replaced attachment left to the sweeper', { key: previous, error }));
  return answer;
}
