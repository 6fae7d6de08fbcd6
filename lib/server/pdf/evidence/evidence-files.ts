/** The fixed names of the evidence embedded in a sealed PDF, which the validator looks for (docs/sealable-pdf.md). */
export const AUDIT_ATTACHMENT = 'signet-audit.json';
export const BIOMETRIC_ATTACHMENT = 'signet-biometric.json';

export type TEvidenceAuditEvent = {
  id: string;
  type: string;
  actor: string;
  at: string;
  ip: string | null;
  userAgent: string | null;
  data: Record<string, unknown>;
  prevHash: string | null;
  hash: string;
};

/** The document's audit trail with its chain: `head` and `count` as the document row records them. */
export type TEvidenceAudit = { documentId: string; events: TEvidenceAuditEvent[]; head: string | null; count: number };

/** A drawn signature's biometric record exactly as stored: encrypted to the escrow key, bound to the document, recipient and field. */
export type TEvidenceBiometricRecord = {
  recipientId: string;
  fieldId: string;
  recordSha256: string | null;
  envelope: unknown;
};
export type TEvidenceBiometric = { documentId: string; records: TEvidenceBiometricRecord[] };
