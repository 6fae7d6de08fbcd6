import 'server-only';
import { loadBrand } from '@/lib/server/branding/load-brand';
import { sha256Hex } from '@/lib/sha256-hex';
import type { TFieldType } from '@/lib/api/v1/enums';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import type { TFlattenAttachment, TFlattenField } from '@/lib/server/pdf/flatten/types';
import type { TSealableInput } from '@/lib/server/pdf/sealable/build-sealable-pdf';
import { readAuditTrail } from '@/lib/server/audit/read-audit-trail';
import { db } from '@/lib/server/db/client';
import { workingPdfBlob } from '@/lib/server/documents/working-pdf-blob';
import { parseAttachmentValue, type TStoredAttachment } from '@/lib/server/fields/attachment-value';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { attachmentFileName, attachmentTypeOf } from '@/lib/upload/attachment-name';
import { fullName } from '@/lib/users/full-name';
import { certificateLocale, certificateTranslator } from './certificate-translator';
import { certificateRecipients, parseAppearance } from './certificate-recipients';

/**
 * The name an attached file is shown and embedded under. Stored names are
 * already clean (attach-field-file.ts); cleaning again (idempotent) covers
 * files attached before names were, so none enters a sealed PDF as
 * `Invoice.html` or with bidi tricks.
 */
function attachmentName(file: TStoredAttachment): string {
  const type = attachmentTypeOf(file.contentType);
  return type ? attachmentFileName(file.name, type) : file.name;
}

/**
 * Everything the sealable PDF is built from, read from the database and the
 * blob store: the working PDF (checked against its recorded hash), the
 * fields with their values and signatures, the signers' attached files, the
 * recipients' evidence, the owner's language, the audit trail and the
 * encrypted biometric records. Reads only; nothing is written.
 */
export async function readSealableInput(
  documentId: string,
  { completedAt, signal }: { completedAt: Date; signal?: AbortSignal },
): Promise<TSealableInput> {
  const document = await db.document.findUnique({
    where: { id: documentId },
    include: {
      owner: true,
      recipients: { orderBy: [{ order: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] },
      fields: { include: { signature: true }, orderBy: [{ page: 'asc' }, { y: 'asc' }, { x: 'asc' }, { id: 'asc' }] },
    },
  });
  if (!document) throw new AppError('NOT_FOUND', 'No such document.');
  const store = getBlobStore();
  const working = workingPdfBlob(document);
  const pdf = await store.get(working.key);
  if (working.sha256 && sha256Hex(pdf) !== working.sha256)
    throw new AppError('INTERNAL', `The working PDF of document ${documentId} does not match its recorded SHA-256.`);
  signal?.throwIfAborted();

  const fields: TFlattenField[] = document.fields.map((field) => {
    const file = field.type === 'ATTACHMENT' ? parseAttachmentValue(field.value) : null;
    return {
      id: field.id,
      type: field.type.toLowerCase() as TFieldType,
      page: field.page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      // An attachment field's value names its blob: the page shows the file's name, as the signing page did.
      value: field.type === 'ATTACHMENT' ? (file ? attachmentName(file) : null) : field.value,
      appearance: field.signature ? parseAppearance(field.signature) : null,
    };
  });
  const attachments: TFlattenAttachment[] = [];
  for (const field of document.fields) {
    const file = field.type === 'ATTACHMENT' ? parseAttachmentValue(field.value) : null;
    if (!file) continue;
    const bytes = await store.get(file.key);
    if (sha256Hex(bytes) !== file.sha256)
      throw new AppError('INTERNAL', `The file attached to field ${field.id} does not match its recorded SHA-256.`);
    attachments.push({ fieldId: field.id, name: attachmentName(file), contentType: file.contentType, bytes });
  }
  signal?.throwIfAborted();

  const trail = await readAuditTrail(document.id, document.workspaceId);
  // The seal would vouch for the evidence it carries: a chain that no longer verifies is reported, never sealed.
  if (!trail.chainValid)
    throw new AppError('INTERNAL', `The audit trail of document ${documentId} fails its hash chain; it is not sealed.`);
  const locale = certificateLocale(document.owner.locale);
  const brand = await loadBrand(document.workspaceId);
  // In a team others act too (members, an owner who handed the document over): the certificate names them.
  const userIds = [...new Set(trail.events.map((event) => event.actor))].filter(
    (actor) => actor !== document.owner.id && !/^(system$|recipient:|api:)/.test(actor),
  );
  const people = userIds.length
    ? Object.fromEntries(
        (await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } })).map((user) => [
          user.id,
          user.email,
        ]),
      )
    : {};
  return {
    pdf,
    fields,
    attachments,
    certificate: {
      document: {
        id: document.id,
        name: document.name,
        pageCount: document.pageCount,
        sentAt: document.sentAt,
        completedAt,
        originalSha256: document.originalSha256,
      },
      owner: { id: document.owner.id, name: fullName(document.owner), email: document.owner.email },
      recipients: certificateRecipients(document.recipients, document.fields, trail.events),
      events: trail.events.map((event) => ({
        type: event.type,
        actor: event.actor,
        at: new Date(event.at),
        hash: event.hash,
      })),
      auditHead: document.auditHead,
      validatorUrl: `${getEnv().appUrl}/validator`,
      locale,
      ...(brand ? { brand } : {}),
      ...(Object.keys(people).length ? { people } : {}),
    },
    t: await certificateTranslator(locale),
    audit: { documentId: document.id, events: trail.events, head: document.auditHead, count: document.auditCount },
    biometric: {
      documentId: document.id,
      records: document.fields
        .filter((field) => field.signature?.biometric)
        .map((field) => ({
          recipientId: field.signature!.recipientId ?? field.recipientId ?? '',
          fieldId: field.id,
          recordSha256: field.signature!.biometricSha256,
          envelope: JSON.parse(field.signature!.biometric!) as unknown,
        })),
    },
    completedAt,
    signal,
  };
}
