import 'server-only';
import type { TDocumentSummary } from '@/lib/api/v1/documents';
import type { TDocumentStatus, TRecipientAuth, TRecipientRole, TRecipientStatus, TFieldType } from '@/lib/api/v1/enums';
import type { TField, TFieldMeta } from '@/lib/api/v1/fields';
import type { TRecipient } from '@/lib/api/v1/recipients';
import { getEnv } from '@/lib/env';
import type { Document, Field, Recipient } from '@/lib/generated/prisma/sqlite/client';
import { attachmentInfo } from '@/lib/server/signing/attachment-value';
import { turnRecipients } from '@/lib/server/signing/signing-turn';

/** The API's names are the database's enum values in lower case (API.md). */
const lower = <T extends string>(value: string) => value.toLowerCase() as T;
const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toApiStatus = (status: Document['status']) => lower<TDocumentStatus>(status);

export function recipientStatus(status: Recipient['status']): TRecipientStatus {
  return status === 'NOT_SENT' ? 'waiting' : lower<TRecipientStatus>(status);
}

export function recipientView(recipient: Recipient): TRecipient {
  return {
    id: recipient.id,
    email: recipient.email,
    name: recipient.name,
    role: lower<TRecipientRole>(recipient.role),
    order: recipient.order,
    auth: lower<TRecipientAuth>(recipient.auth),
    status: recipientStatus(recipient.status),
    sentAt: iso(recipient.sentAt),
    openedAt: iso(recipient.openedAt),
    signedAt: iso(recipient.signedAt),
    declinedAt: iso(recipient.declinedAt),
    declineReason: recipient.declineReason,
    mailError: recipient.mailError,
  };
}

export function parseFieldMeta(meta: string): TFieldMeta {
  try {
    const parsed: unknown = JSON.parse(meta);
    return parsed && typeof parsed === 'object' ? (parsed as TFieldMeta) : {};
  } catch {
    return {};
  }
}

export function fieldView(field: Field): TField {
  // An attachment's stored value names its blob: the API shows the file's name and details instead.
  const attachment = field.type === 'ATTACHMENT' ? attachmentInfo(field.value) : null;
  return {
    id: field.id,
    recipientId: field.recipientId,
    type: lower<TFieldType>(field.type),
    page: field.page,
    x: field.x,
    y: field.y,
    width: field.width,
    height: field.height,
    required: field.required,
    ...parseFieldMeta(field.meta),
    value: attachment ? attachment.name : field.value,
    ...(attachment ? { attachment } : {}),
  };
}

/** The workspace page of a document (the UI's address for it). */
export function documentUrl(document: Pick<Document, 'token'>): string {
  return `${getEnv().appUrl}/document/${document.token}`;
}

/**
 * The recipients whose turn it is and who have not finished: "who must act
 * next" on the dashboard. By turn, not by mail status: the invitation is
 * delivered by the job runner a moment after sending, and the person whose
 * turn it is must act whether or not their mail has left yet.
 */
export function awaitingRecipients(document: Pick<Document, 'status' | 'signingOrder'>, recipients: Recipient[]): TDocumentSummary['awaiting'] {
  if (document.status !== 'PENDING') return [];
  return turnRecipients(document.signingOrder, recipients)
    .filter((recipient) => recipient.role !== 'CC')
    .map((recipient) => ({ id: recipient.id, name: recipient.name, email: recipient.email, status: recipientStatus(recipient.status) }));
}

export function documentSummary(document: Document, recipients: Recipient[]): TDocumentSummary {
  return {
    id: document.id,
    name: document.name,
    status: toApiStatus(document.status),
    pageCount: document.pageCount,
    sha256: document.originalSha256,
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
    sentAt: iso(document.sentAt),
    completedAt: iso(document.completedAt),
    expiresAt: iso(document.expiresAt),
    url: documentUrl(document),
    awaiting: awaitingRecipients(document, recipients),
  };
}
