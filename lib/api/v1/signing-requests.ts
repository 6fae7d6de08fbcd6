import { z } from 'zod';
import { MAX_FIELDS, MAX_RECIPIENTS, ZFieldType, ZRecipientAuth, ZRecipientRole, ZRecipientStatus } from './enums';
import { ZSendBody } from './documents';
import { plainText, ZEmail } from './text';

const ZSignerField = z.object({
  type: ZFieldType,
  page: z.int().min(1),
  position: z.object({ x: z.number().min(0), y: z.number().min(0) }),
  size: z.object({ width: z.number().gt(0), height: z.number().gt(0) }).optional(),
  required: z.boolean().optional(),
  options: z.array(plainText(200)).min(1).max(50).optional(),
  label: plainText(200).optional(),
});

/** Upload, place fields and send in one call (the landing page's sample, components/marketing/developers-section.tsx). */
export const ZSigningRequestBody = ZSendBody.extend({
  document: z
    .object({
      name: plainText(200),
      /** An https address the server fetches (through the SSRF guard), or base64 content. */
      url: z.url({ protocol: /^https?$/ }).optional(),
      content: z.base64().optional(),
    })
    .refine((document) => Boolean(document.url) !== Boolean(document.content), 'Give exactly one of url and content.'),
  signers: z
    .array(
      z.object({
        email: ZEmail,
        name: plainText(200),
        role: ZRecipientRole.optional(),
        order: z.int().min(1).max(MAX_RECIPIENTS).optional(),
        auth: ZRecipientAuth.optional(),
        fields: z.array(ZSignerField).max(MAX_FIELDS).default([]),
      }),
    )
    .min(1)
    .max(MAX_RECIPIENTS),
}).meta({ id: 'SigningRequestBody' });

export const ZSigningRequest = z
  .object({
    id: z.string(),
    documentId: z.string(),
    status: z.string(),
    signers: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        name: z.string(),
        role: ZRecipientRole,
        status: ZRecipientStatus,
        signedAt: z.iso.datetime().nullable(),
      }),
    ),
    completedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SigningRequest' });

export type TSigningRequestBody = z.infer<typeof ZSigningRequestBody>;
export type TSigningRequest = z.infer<typeof ZSigningRequest>;
