import { AFRelationship, type PDFDocument } from 'pdf-lib';
import { AUDIT_ATTACHMENT, BIOMETRIC_ATTACHMENT, type TEvidenceAudit, type TEvidenceBiometric } from './evidence-files';

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/**
 * The evidence carried inside the sealed file, so it alone proves what
 * happened: the audit trail with its hash chain (the data the certificate
 * pages present: AFRelationship Data) and the encrypted biometric records
 * (Supplement). pdf-lib stores embedded files Flate-compressed.
 */
export async function attachEvidence(
  doc: PDFDocument,
  evidence: { audit: TEvidenceAudit; biometric: TEvidenceBiometric; date: Date },
): Promise<void> {
  const dates = { creationDate: evidence.date, modificationDate: evidence.date };
  await doc.attach(json(evidence.audit), AUDIT_ATTACHMENT, {
    mimeType: 'application/json',
    description: 'Signet audit trail (hash-chained events)',
    afRelationship: AFRelationship.Data,
    ...dates,
  });
  await doc.attach(json(evidence.biometric), BIOMETRIC_ATTACHMENT, {
    mimeType: 'application/json',
    description: 'Signet biometric records of drawn signatures (encrypted to the escrow key)',
    afRelationship: AFRelationship.Supplement,
    ...dates,
  });
}
