import { sha256Hex } from '@/lib/sha256-hex';
import { PDFDocument } from 'pdf-lib';
import { buildCertificate } from '@/lib/server/pdf/certificate/build-certificate';
import type { TCertificateData, TCertificateT } from '@/lib/server/pdf/certificate/types';
import { attachEvidence } from '@/lib/server/pdf/evidence/attach-evidence';
import type { TEvidenceAudit, TEvidenceBiometric } from '@/lib/server/pdf/evidence/evidence-files';
import { flattenInto } from '@/lib/server/pdf/flatten/flatten-pdf';
import { OBJECTS_PER_TICK } from '@/lib/server/pdf/objects-per-tick';
import { findXrefDamage } from '@/lib/server/pdf/pdf-xref-check';
import { sortEmbeddedFiles } from '@/lib/server/pdf/sort-embedded-files';
import type { TFlattenAttachment, TFlattenField } from '@/lib/server/pdf/flatten/types';
import { appendRevision, snapshotRevision, type TRevisionSnapshot } from './append-revision';
import { setFileIdentity } from './file-identity';

export type TSealableInput = {
  /** The working PDF (the document as sent for signature). */
  pdf: Uint8Array;
  fields: TFlattenField[];
  attachments: TFlattenAttachment[];
  /** The certificate's data; its flattened hash is filled in here, once the flattened file exists. */
  certificate: Omit<TCertificateData, 'document'> & {
    document: Omit<TCertificateData['document'], 'flattenedSha256' | 'flattenedLength'>;
  };
  t: TCertificateT;
  audit: TEvidenceAudit;
  biometric: TEvidenceBiometric;
  completedAt: Date;
  signal?: AbortSignal;
};

export type TSealablePdf = {
  bytes: Uint8Array;
  /** The SHA-256 of the flattened file, which is the sealable file's first `flattenedLength` bytes. */
  flattenedSha256: string;
  flattenedLength: number;
  certificate: Uint8Array;
  /** The document's pages and the certificate's. */
  pageCount: number;
};

/**
 * The working PDF with every value drawn in, as an incremental update of it:
 * only what changed is written (the pages drawn on, their new content
 * streams, fonts, images, attachments), so the working PDF stays byte for
 * byte at the start and nothing is rewritten. A working PDF whose end cannot
 * be extended (junk after its %%EOF) or whose cross-reference data disagrees
 * with its bytes is saved whole instead, with classic cross-reference tables.
 */
async function flattenedRevision(
  input: TSealableInput,
  date: Date,
): Promise<{ flat: PDFDocument; flattened: Uint8Array }> {
  const flat = await PDFDocument.load(input.pdf, { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });
  let base: TRevisionSnapshot | null = null;
  try {
    // Cross-reference data that disagrees with the bytes: readers would resolve the update's references through it,
    // and pdf-lib's view (read object by object) may not be theirs. Uploads are repaired, but a file stored before
    // that check, or changed since, is saved whole from pdf-lib's view instead.
    if (findXrefDamage(input.pdf).length === 0) base = snapshotRevision(flat, input.pdf);
  } catch {
    // saved whole below
  }
  await flattenInto(flat, { fields: input.fields, attachments: input.attachments, date });
  setFileIdentity(flat, { documentId: input.certificate.document.id, version: 'flattened', date });
  const flattened = base
    ? await appendRevision(flat, input.pdf, base)
    : await flat.save({ useObjectStreams: false, updateFieldAppearances: false, objectsPerTick: OBJECTS_PER_TICK });
  return { flat, flattened };
}

/**
 * The file the seal signs, in three steps: every value flattened into the
 * working PDF (as an update of it; hashed: the certificate prints that hash and length), the
 * certificate of completion built on its own, then its pages and the evidence
 * appended to the flattened file as an incremental update. Pure and
 * deterministic: the same input gives the same bytes.
 */
export async function buildSealablePdf(input: TSealableInput): Promise<TSealablePdf> {
  const { documentId, date } = { documentId: input.certificate.document.id, date: input.completedAt };
  const { flat, flattened } = await flattenedRevision(input, date);
  const revision = snapshotRevision(flat, flattened);
  const flattenedSha256 = sha256Hex(flattened);
  input.signal?.throwIfAborted();

  const data: TCertificateData = {
    ...input.certificate,
    document: { ...input.certificate.document, flattenedSha256, flattenedLength: flattened.length },
  };
  const certificate = await buildCertificate(data, input.t, {
    identity: (doc) => setFileIdentity(doc, { documentId, version: 'certificate', date }),
  });
  input.signal?.throwIfAborted();

  // The certificate and the evidence go on as an incremental update: the flattened file stays byte for byte at the
  // start of the sealable one (so flattenedSha256 can be checked from the sealed file), and nothing is parsed or
  // written twice but the certificate's few pages.
  const source = await PDFDocument.load(certificate, { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });
  for (const page of await flat.copyPages(source, source.getPageIndices())) flat.addPage(page);
  await attachEvidence(flat, { audit: input.audit, biometric: input.biometric, date });
  await sortEmbeddedFiles(flat);
  setFileIdentity(flat, { documentId, version: 'sealable', date });
  const bytes = await appendRevision(flat, flattened, revision);
  return { bytes, flattenedSha256, flattenedLength: flattened.length, certificate, pageCount: flat.getPageCount() };
}
