import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import type { TField } from '@/lib/api/v1/fields';
import { AppError } from '@/lib/errors';
import type { Field } from '@/lib/generated/prisma/sqlite/client';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import { fieldView } from '@/lib/server/documents/document-views';
import { readMultipartUpload } from '@/lib/server/documents/read-multipart-upload';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { closingOnRefusal } from '@/lib/server/http/closing-on-refusal';
import { readJsonBody } from '@/lib/server/http/read-json-body';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { sniffFileType } from '@/lib/upload/check-magic-bytes';
import { attachmentValue, parseAttachmentValue } from './attachment-value';
import { lockSigner, type TSignerLink } from './lock-signer';

/** What a signer may attach (a scan, a photo of an ID): by the bytes' magic, not the name or the declared type. */
const ALLOWED = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' } as const;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

async function readAll(data: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `An attachment may be at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The name as shown to the owner: its last path part, one line, bounded. */
function cleanName(name: string, extension: string): string {
  const base = name.split(/[\\/]/).pop()?.replace(/[\p{Cc}\u2028\u2029]/gu, '').trim().slice(0, 200);
  return base || `attachment.${extension}`;
}

/**
 * PUT /api/v1/signing/{token}/fields/{fieldId} on an attachment field:
 * multipart `file` (a PDF, PNG or JPEG by its bytes, at most 10 MB), stored
 * encrypted in the blob store beside the document; the field's value points
 * at it. JSON `{ value: null }` removes it. The previous file goes once the
 * new value is committed; a refused or failed write leaves the old one.
 */
export async function attachFieldFile(signer: TSignerLink & { document: { originalBlob: string } }, field: Field, request: Request, meta: TRequestMeta): Promise<TField> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    const body = await readJsonBody(request, 1024).catch(() => undefined);
    if (body && typeof body === 'object' && 'value' in body && body.value === null && Object.keys(body).length === 1) return store(signer, field, null, meta);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data in the field "file" (or { "value": null } to remove it).');
  }
  const file = await closingOnRefusal(async () => {
    const upload = await readMultipartUpload(request, { maxBytes: ATTACHMENT_MAX_BYTES, fieldName: 'file' });
    const bytes = await readAll(upload.data);
    if (bytes.byteLength === 0) throw new AppError('EMPTY_FILE', 'The file is empty.');
    const sniffed = await sniffFileType(bytes);
    if (!sniffed || !Object.hasOwn(ALLOWED, sniffed)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Attach a PDF, PNG or JPEG file.');
    return { bytes, extension: sniffed as keyof typeof ALLOWED, name: upload.fileName };
  });
  // Beside the document's own blobs: deleting the document leaves them to the leftover sweeper with the rest of its folder.
  const key = `${signer.document.originalBlob.split('/').slice(0, 2).join('/')}/attachments/${field.id}-${randomUUID()}.${file.extension}`;
  await getBlobStore().put(key, file.bytes);
  const value = attachmentValue({
    key,
    name: cleanName(file.name, file.extension),
    contentType: ALLOWED[file.extension],
    size: file.bytes.byteLength,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
  });
  try {
    return await store(signer, field, value, meta);
  } catch (error) {
    await getBlobStore().delete(key).catch(() => undefined);
    throw error;
  }
}

async function store(signer: TSignerLink, field: Field, value: string | null, meta: TRequestMeta): Promise<TField> {
  const { answer, previous } = await db.$transaction(async (tx) => {
    const { recipient } = await lockSigner(tx, signer);
    const current = await tx.field.findUniqueOrThrow({ where: { id: field.id } });
    if (current.value === value) return { answer: fieldView(current), previous: null };
    const updated = await tx.field.update({ where: { id: field.id }, data: { value } });
    const { key: _key, ...file } = parseAttachmentValue(value) ?? {};
    await appendAuditEvent(tx, {
      documentId: field.documentId,
      type: value === null ? 'field.cleared' : 'field.filled',
      actor: `recipient:${recipient.id}`,
      ...meta,
      data: { recipientId: recipient.id, fieldId: field.id, fieldType: 'attachment', ...(value === null ? { value: null } : { file }) },
    });
    return { answer: fieldView(updated), previous: parseAttachmentValue(current.value)?.key ?? null };
  });
  if (previous) await getBlobStore().delete(previous).catch((error: unknown) => logger.warn('replaced attachment left to the sweeper', { key: previous, error }));
  return answer;
}
