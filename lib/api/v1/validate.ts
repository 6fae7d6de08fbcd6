import { z } from 'zod';

/** Where a signature's certificate chain ends: this instance's CA, a system or operator-trusted root, or none we trust. */
export const ZTrust = z.enum(['instance', 'system', 'untrusted']);
export const ZPadesLevel = z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']);
export const ZVerdict = z.enum(['valid', 'modified', 'invalid', 'unsigned']);
/** How a change made after a signature is classified: only `permitted` keeps the verdict `valid`. */
export const ZChangeKind = z.enum(['permitted', 'form_fill', 'annotation', 'other']);

export const ZSignatureReport = z
  .object({
    kind: z
      .enum(['signature', 'document_timestamp'])
      .meta({ description: 'A signature (/Type /Sig) or a document timestamp (/Type /DocTimeStamp).' }),
    fieldName: z.string().nullable(),
    signer: z.object({ subject: z.string(), issuer: z.string() }).meta({
      description:
        "Distinguished names of the signer's certificate (for a document timestamp, the time-stamp authority's).",
    }),
    signedAt: z.string().nullable().meta({
      description:
        "The signing-time attribute, else the signature dictionary's /M (a claim of the signer's clock, ISO 8601).",
    }),
    timestamp: z.object({ time: z.string(), authority: z.string(), valid: z.boolean() }).nullable().meta({
      description:
        'The signature timestamp (id-aa-signatureTimeStampToken): valid when its message imprint is the hash of the signature value and its own CMS verifies.',
    }),
    digestAlgorithm: z.string().nullable(),
    subFilter: z.string().nullable(),
    coversWholeDocument: z
      .boolean()
      .meta({ description: 'The ByteRange ends at the end of the file (nothing was appended after this signature).' }),
    intact: z.boolean().meta({
      description:
        'The digest recomputed over the ByteRange equals the signed one and the CMS signature verifies against its certificate.',
    }),
    trust: ZTrust,
    trustAnchor: z.string().nullable().meta({
      description:
        'Subject of the root the chain ends at; null when untrusted. "system" covers the system root store and the roots in VALIDATOR_TRUSTED_CAS.',
    }),
    chain: z.array(z.string()).meta({ description: 'Subjects of the certificate chain, the signer first.' }),
    level: ZPadesLevel.nullable(),
    changesAfter: z.array(z.string()).meta({
      description:
        'Changes made by the revisions after this signature, each "<kind>: <what>" with kind permitted, form_fill, annotation or other. At most 50 are named; past that, one more entry per kind counts the rest ("other: 1950 more changes of this kind").',
    }),
    problems: z
      .array(z.string())
      .meta({ description: 'Why the signature is not intact or was judged as it was, in plain English.' }),
  })
  .meta({ id: 'SignatureReport' });

export const ZSignetReport = z
  .object({
    documentId: z.string(),
    recordFound: z.boolean().meta({ description: 'The document is known to this instance.' }),
    matchesRecord: z.boolean().meta({
      description:
        "The file's SHA-256 is the one this instance stored when it sealed the document (also after the sealed file was purged).",
    }),
    sealedAt: z.string().nullable(),
    auditChainValid: z.boolean().meta({
      description:
        'The audit trail embedded as signet-audit.json recomputes hash by hash and matches the chain this instance stored.',
    }),
    biometric: z.object({
      signers: z
        .array(z.object({ recipientId: z.string(), name: z.string().nullable(), records: z.int() }))
        .meta({ description: 'Biometric records embedded in signet-biometric.json, per recipient.' }),
    }),
  })
  .meta({ id: 'SignetReport' });

export const ZValidationReport = z
  .object({
    verdict: ZVerdict,
    signatures: z.array(ZSignatureReport),
    signet: ZSignetReport.optional(),
  })
  .meta({ id: 'ValidationReport' });

export type TTrust = z.infer<typeof ZTrust>;
export type TPadesLevel = z.infer<typeof ZPadesLevel>;
export type TVerdict = z.infer<typeof ZVerdict>;
export type TChangeKind = z.infer<typeof ZChangeKind>;
export type TSignatureReport = z.infer<typeof ZSignatureReport>;
export type TSignetReport = z.infer<typeof ZSignetReport>;
export type TValidationReport = z.infer<typeof ZValidationReport>;
