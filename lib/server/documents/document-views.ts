import 'server-only';
import type { TDocumentSummary, TSeal } from '@/lib/api/v1/documents';
import { recipientStatus, toApiStatus, type TRecipientAuth, type TRecipientRole } from '@/lib/api/v1/enums';
import type { TRecipient } from '@/lib/api/v1/recipients';
import type { Document, Recipient } from '@/lib/generated/prisma/sqlite/client';
import { endedUnsigned } from '@/lib/server/finalize/ended-unsigned';
import { documentUrl } from '@/lib/server/http/document-url';
import { turnRecipients } from '@/lib/server/signing/actions/signing-turn';

/** The API's names are the database's enum values in lower case. */
const lower = <T extends string>(value: string) => value.toLowerCase() as T;
const iso = (date: Date | null) => date?.toISOString() ?? null;

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
    identityMismatch: recipient.authNameMismatchAt
      ? {
          verifiedName: recipient.authName,
          expectedName: recipient.name,
          detectedAt: recipient.authNameMismatchAt.toISOString(),
          acceptedAt: iso(recipient.authNameAcceptedAt),
        }
      : null,
  };
}

/**
 * The recipients whose turn it is and who have not finished: "who must act
 * next" on the dashboard. By turn, not by mail status: the invitation is
 * delivered by the job runner a moment after sending, and the person whose
 * turn it is must act whether or not their mail has left yet.
 */
export function awaitingRecipients(
  document: Pick<Document, 'status' | 'signingOrder'>,
  recipients: Recipient[],
): TDocumentSummary['awaiting'] {
  if (document.status !== 'PENDING') return [];
  return turnRecipients(document.signingOrder, recipients)
    .filter((recipient) => recipient.role !== 'CC')
    .map((recipient) => ({
      id: recipient.id,
      name: recipient.name,
      email: recipient.email,
      status: recipientStatus(recipient.status),
    }));
}

/** Who made a document, as the summary names them: the user's display name (null without one) and address. */
export type TDocumentOwner = { name: string | null; email: string };

/** The owner's fields a summary reads (`include: { owner: ownerSelect }`). */
export const ownerSelect = { select: { name: true, email: true } } as const;

export function documentSummary(document: Document, recipients: Recipient[], owner: TDocumentOwner): TDocumentSummary {
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
    owner: { name: owner.name, email: owner.email },
    awaiting: awaitingRecipients(document, recipients),
    reviewNeeded:
      document.status === 'PENDING' &&
      recipients.some((recipient) => recipient.authNameMismatchAt && !recipient.authNameAcceptedAt),
    seal: sealView(document),
    sealError: document.status === 'SEALING_FAILED' ? (document.finalizeError ?? 'The seal failed.') : null,
    downloads: {
      original: !document.workingPurgedAt,
      sealed: Boolean(document.sealedBlob) && !document.sealedPurgedAt,
      certificate: Boolean(document.certificateBlob) && !document.sealedPurgedAt,
    },
    purgeAt: document.status === 'COMPLETED' || endedUnsigned(document.status) ? iso(document.purgeAt) : null,
  };
}

const SEAL_LEVELS = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;

/** The seal's details, kept after retention deletes the file (the hash still matches a copy someone kept). */
export function sealView(
  document: Pick<Document, 'sealLevel' | 'sealedAt' | 'sealTimestampAt' | 'sealedSha256'>,
): TSeal | null {
  const level = SEAL_LEVELS.find((candidate) => candidate === document.sealLevel);
  if (!level || !document.sealedAt || !document.sealedSha256) return null;
  return {
    level,
    sealedAt: document.sealedAt.toISOString(),
    timestampAt: iso(document.sealTimestampAt),
    sha256: document.sealedSha256,
  };
}
