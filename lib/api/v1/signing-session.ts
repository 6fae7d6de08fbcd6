import { z } from 'zod';
import { ZDocumentStatus, ZFieldType, ZRecipientAuth, ZRecipientRole, ZRecipientStatus } from './enums';
import { ZField } from './fields';

/** Another recipient's field on the signer's page: where it is and what it is, never whose or its value. */
export const ZOtherField = z
  .object({ page: z.int(), x: z.number(), y: z.number(), width: z.number(), height: z.number(), type: ZFieldType })
  .meta({ id: 'OtherField' });

/** GET /api/v1/signing/{token}: what the signer's page needs to show and guide (docs/api.md, Signer reads). */
export const ZSigningSession = z
  .object({
    document: z.object({ name: z.string(), pageCount: z.int(), status: ZDocumentStatus }),
    recipient: z.object({ name: z.string(), email: z.string(), role: ZRecipientRole, status: ZRecipientStatus }),
    /** Who sent the document (the invitation's sender): whom to ask for a paper copy or about the content. */
    sender: z.object({ name: z.string(), email: z.string() }),
    /** This recipient's fields with their values, in reading order (page, top to bottom, left to right). */
    fields: z.array(ZField),
    otherFields: z.array(ZOtherField),
    consent: z.object({ required: z.boolean(), given: z.boolean() }),
    auth: z.object({
      method: ZRecipientAuth,
      satisfied: z.boolean(),
      /** eID (`oidc`) only, once confirmed: the name the eID vouched for; null otherwise. */
      verifiedName: z.string().nullable(),
      /** eID only, once confirmed: whether that name matches the recipient's (case, accents and punctuation aside); null otherwise. */
      nameMatches: z.boolean().nullable(),
    }),
    /** The handwriting fonts a typed signature may name (`{ kind: "typed", font }`). */
    fonts: z.array(z.string()),
    /** What an attachment field takes: files of at most `maxBytes` each, at most `maxCount` files attached by this recipient at once. */
    attachments: z.object({ maxBytes: z.int(), maxCount: z.int() }),
  })
  .meta({ id: 'SigningSession' });

export const ZConsentBody = z
  .object({ accepted: z.literal(true, 'Consent is given with { "accepted": true }.') })
  .meta({ id: 'ConsentBody' });

/** Why a signing link no longer works: the 410 problem's `reason` (docs/api.md, Signing links). */
export const goneReasons = ['signed', 'declined', 'completed', 'cancelled', 'expired', 'replaced'] as const;
export const ZGoneReason = z.enum(goneReasons);

export type TOtherField = z.infer<typeof ZOtherField>;
export type TSigningSession = z.infer<typeof ZSigningSession>;
export type TConsentBody = z.infer<typeof ZConsentBody>;
export type TGoneReason = z.infer<typeof ZGoneReason>;
