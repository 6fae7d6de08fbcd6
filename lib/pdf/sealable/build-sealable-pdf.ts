import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { buildCertificate } from '@/lib/pdf/certificate/build-certificate';
import type { TCertificateData, TCertificateT } from '@/lib/pdf/certificate/types';
import { attachEvidence } from '@/lib/pdf/evidence/attach-evidence';
import type { TEvidenceAudit, TEvidenceBiometric } from '@/lib/pdf/evidence/evidence-files';
import { flattenPdf } from '@/lib/pdf/flatten/flatten-pdf';
import { sortEmbeddedFiles } from '@/lib/pdf/sort-embedded-files';
import type { TFlattenAttachment, TFlattenField } from '@/lib/pdf/flatten/types';
import { setFileIdentity } from './file-identity';

export type TSealableInput = {
  /** The working PDF (the document as sent for signature). */
  pdf: Uint8Array;
  fields: TFlattenField[];
  attachments: TFlattenAttachment[];
  /** The certificate's data; its flattened hash is filled in here, once the flattened file exists. */
  certificate: Omit<TCertificateData, 'document'> & { document: Omit<TCertificateData['document'], 'flattenedSha256'> };
  t: TCertificateT;
  audit: TEvidenceAudit;
  biometric: TEvidenceBiometric;
  completedAt: Date;
  signal?: AbortSignal;
};

export type TSealablePdf = { bytes: Uint8Array; flattenedSha256: string; certificate: Uint8Array };

// Classic cross-reference tables, no object streams: the sealer appends incremental updates to this file,
// and every reader and checker (qpdf, poppler, Adobe) reads it the same way.
const SAVE = { useObjectStreams: false, updateFieldAppearances: false } as const;

/**
 * The file the seal signs, in three steps: every value flattened into the
 * working PDF (hashed: the certificate prints that hash), the certificate of
 * completion built on its own and its pages appended, then the evidence
 * attached. Pure and deterministic: the same input gives the same bytes.
 */
export async function buildSealablePdf(input: TSealableInput): Promise<TSealablePdf> {
  const { documentId, date } = { documentId: input.certificate.document.id, date: input.completedAt };
  const flat = await flattenPdf(input.pdf, { fields: input.fields, attachments: input.attachments, date });
  setFileIdentity(flat, { documentId, version: 'flattened', date });
  const flattened = await flat.save(SAVE);
  const flattenedSha256 = createHash('sha256').update(flattened).digest('hex');
  input.signal?.throwIfAborted();

  const data: TCertificateData = { ...input.certificate, document: { ...input.certificate.document, flattenedSha256 } };
  const certificate = await buildCertificate(data, input.t, { identity: (doc) => setFileIdentity(doc, { documentId, version: 'certificate', date }) });
  input.signal?.throwIfAborted();

  // The flattened document goes on from where it was saved (pdf-lib saves without changing it): no second parse.
  const source = await PDFDocument.load(certificate, { updateMetadata: false });
  for (const page of await flat.copyPages(source, source.getPageIndices())) flat.addPage(page);
  await attachEvidence(flat, { audit: input.audit, biometric: input.biometric, date });
  await sortEmbeddedFiles(flat);
  setFileIdentity(flat, { documentId, version: 'sealable', date });
  const bytes = await flat.save(SAVE);
  return { bytes, flattenedSha256, certificate };
}
