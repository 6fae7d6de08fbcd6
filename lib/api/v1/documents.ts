import { z } from 'zod';
import { ZDocumentStatus, ZMailLocale, ZRecipientStatus, ZSigningOrder } from './enums';
import { ZField } from './fields';
import { ZRecipient } from './recipients';
import { multilineText, plainText } from './text';

/** The PAdES seal of a completed document: its level, signing time, signature timestamp (B-T and up) and the sealed file's SHA-256. */
export const ZSeal = z
  .object({
    level: z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']),
    sealedAt: z.iso.datetime(),
    timestampAt: z.iso.datetime().nullable(),
    sha256: z.string(),
  })
  .meta({ id: 'Seal' });

/** Which downloads exist now (GET …/download?kind=): the original until retention deletes it (after sealing, or at purgeAt once declined, cancelled or expired), the others once sealed until their retention ends. */
export const ZDownloads = z
  .object({ original: z.boolean(), sealed: z.boolean(), certificate: z.boolean() })
  .meta({ id: 'Downloads' });

export const ZDocumentSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    status: ZDocumentStatus,
    pageCount: z.int(),
    sha256: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    completedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    /** The workspace page of this document in the app. */
    url: z.string(),
    owner: z.object({ name: z.string().nullable(), email: z.string() }).meta({
      description:
        'Who made it (uploaded it, or asked for the correction); in a team, the member who sent it. Its work passes to an owner of the team when that member leaves.',
    }),
    /** Who must act now (pending documents): the recipients whose turn it is and who have not finished. */
    awaiting: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), status: ZRecipientStatus })),
    /** Pending documents: a recipient's eID name mismatch waits for your acceptance (recipients[].identityMismatch); it is not sealed until then. */
    reviewNeeded: z.boolean(),
    seal: ZSeal.nullable(),
    /** Why the seal failed (status sealing_failed; null otherwise): what the owner reads beside the retry button. */
    sealError: z.string().nullable(),
    downloads: ZDownloads,
    /** When retention deletes the sealed PDF and certificate (completed documents), or the files and signers' data (declined, cancelled, expired); null: not scheduled. */
    purgeAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DocumentSummary' });

export const ZDocumentList = z
  .object({ items: z.array(ZDocumentSummary), nextCursor: z.string().nullable() })
  .meta({ id: 'DocumentList' });

export const ZListDocumentsQuery = z.object({
  status: ZDocumentStatus.optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const ZPageSize = z.object({ width: z.number(), height: z.number() }).meta({ id: 'PageSize' });

export const ZDocumentDetails = ZDocumentSummary.extend({
  signingOrder: ZSigningOrder,
  message: z.string().nullable(),
  reminderDays: z.int().nullable(),
  locale: ZMailLocale.nullable(),
  cancelReason: z.string().nullable(),
  /** Each page's size in points as displayed (rotation applied): the frame of field geometry. */
  pages: z.array(ZPageSize),
  recipients: z.array(ZRecipient),
  fields: z.array(ZField),
  /** A draft made by "Correct and send again": the declined document it corrects, who declined it and why (null otherwise, or once that document is deleted). */
  correctedFrom: z
    .object({
      id: z.string(),
      url: z.string(),
      declinedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
      declineReason: z.string().nullable(),
    })
    .nullable(),
  /** A declined document already corrected: the draft (or the document it became) that corrects it; null otherwise. */
  correctedBy: z.object({ id: z.string(), url: z.string() }).nullable(),
}).meta({ id: 'DocumentDetails' });

const ZFutureDate = z.iso
  .datetime({ offset: true })
  .refine((value) => Date.parse(value) > Date.now(), 'Must be in the future.');

/** The sending settings; editable while the document is a draft (PATCH), taken again by send. */
export const ZDocumentSettings = z.object({
  name: plainText(200).optional(),
  signingOrder: ZSigningOrder.optional(),
  message: multilineText(2000).nullable().optional(),
  expiresAt: ZFutureDate.nullable().optional(),
  reminderDays: z.int().min(1).max(30).nullable().optional(),
  locale: ZMailLocale.nullable().optional(),
});

export const ZPatchDocumentBody = ZDocumentSettings.meta({ id: 'PatchDocumentBody' });
export const ZSendBody = ZDocumentSettings.omit({ name: true }).meta({ id: 'SendBody' });
export const ZCancelBody = z
  .object({ reason: multilineText(500).pipe(z.string().min(1, 'Say why.')) })
  .meta({ id: 'CancelBody' });

export const ZCreatedDocument = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.literal('draft'),
    pageCount: z.int(),
    sha256: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CreatedDocument' });

/** POST …/correction: the new draft, where the workspace edits it, and the declined document it corrects. */
export const ZCorrectionDraft = ZCreatedDocument.extend({ url: z.string(), correctedFrom: z.string() }).meta({
  id: 'CorrectionDraft',
});

export const ZAuditEvent = z
  .object({
    id: z.string(),
    type: z.string(),
    actor: z.string(),
    at: z.iso.datetime(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    prevHash: z.string().nullable(),
    hash: z.string(),
  })
  .meta({ id: 'AuditEvent' });

export const ZAuditTrail = z
  .object({ events: z.array(ZAuditEvent), chainValid: z.boolean() })
  .meta({ id: 'AuditTrail' });

export type TDocumentSummary = z.infer<typeof ZDocumentSummary>;
export type TSeal = z.infer<typeof ZSeal>;
export const ZRetrySealAnswer = z
  .object({ id: z.string(), status: z.literal('sealing_failed'), jobId: z.string() })
  .meta({ id: 'RetrySealAnswer' });
export type TDocumentList = z.infer<typeof ZDocumentList>;
export type TListDocumentsQuery = z.infer<typeof ZListDocumentsQuery>;
export type TDocumentDetails = z.infer<typeof ZDocumentDetails>;
export type TPatchDocumentBody = z.infer<typeof ZPatchDocumentBody>;
export type TSendBody = z.infer<typeof ZSendBody>;
export type TCancelBody = z.infer<typeof ZCancelBody>;
export type TCorrectionDraft = z.infer<typeof ZCorrectionDraft>;
export type TAuditTrail = z.infer<typeof ZAuditTrail>;
