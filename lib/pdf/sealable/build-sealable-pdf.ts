import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { buildCertificate } from '@/lib/pdf/certificate/build-certificate';
import type { TCertificateData, TCertificateT } from '@/lib/pdf/certificate/types';
import { attachEvidence } from '@/lib/pdf/evidence/attach-evidence';
import type { TEvidenceAudit, TEvidenceBiometric } from '@/lib/pdf/evidence/evidence-files';
import { flattenPdf } from '@/lib/pdf/flatten/flatten-pdf';
import { sortEmbeddedFiles } from '@/lib/pdf/sort-embedded-files';
import type { TFlattenAttachment, TFlattenField } from '@/lib/pdf/flatten/types';
import { appendRevision, snapshotRevision } from './append-revision';
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

// Classic cross-reference tables, no object streams: this file's own update and the seal's are incremental
// updates on top, and every reader and checker (qpdf, poppler, Adobe) reads such a file the same way.
const SAVE = { useObjectStreams: false, updateFieldAppearances: false } as const;

/**
 * The file the seal signs, in three steps: every value flattened into the
 * working PDF (saved and hashed: the certificate prints that hash), the
 * certificate of completion built on its own, then its pages and the evidence
 * appended to the flattened file as an incremental update. Pure and
 * deterministic: the same input gives the same bytes.
 */
export async function buildSealablePdf(input: TSealableInput): Promise<TSealablePdf> {
  const { documentId, date } = { documentId: input.certificate.document.id, date: input.completedAt };
  const flat = await flattenPdf(input.pdf, { fields: input.fields, attachments: input.attachments, date });
  setFileIdentity(flat, { documentId, version: 'flattened', date });
  const flattened = await flat.save(SAVE);
  const revision = snapshotRevision(flat);
  const flattenedSha256 = createHash('sha256').update(flattened).digest('hex');
  input.signal?.throwIfAborted();

  const data: TCertificateData = { ...input.certificate, document: { ...input.certificate.document, flattenedSha256 } };
  const certificate = await buildCertificate(data, input.t, { identity: (doc) => setFileIdentity(doc, { documentId, version: 'certificate', date }) });
  input.signal?.throwIfAborted();

  // The certificate and the evidence go on as an incremental update: the flattened file stays byte for byte at the
  // start of the sealable one (so flattenedSha256 can be checked from the sealed file), and nothing is parsed or
  // written twice but the certificate's few pages.
  const source = await PDFDocument.load(certificate, { updateMetadata: false });
  for (const page of await flat.copyPages(source, source.getPageIndices())) flat.addPage(page);
  await attachEvidence(flat, { audit: input.audit, biometric: input.biometric, date });
  await sortEmbeddedFiles(flat);
  setFileIdentity(flat, { documentId, version: 'sealable', date });
  const bytes = await appendRevision(flat, flattened, revision);
  return { bytes, flattenedSha256, certificate };
}
