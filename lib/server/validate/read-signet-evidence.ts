import 'server-only';
import { sha256Hex } from '@/lib/sha256-hex';
import type { PDFDocument } from 'pdf-lib';
import { readEmbeddedFiles } from './read-embedded-files';
import { verifyEmbeddedAudit, ZEmbeddedAudit, ZEmbeddedBiometric } from './verify-embedded-audit';

export const AUDIT_ATTACHMENT = 'signet-audit.json';
export const BIOMETRIC_ATTACHMENT = 'signet-biometric.json';

/**
 * What a file says of itself as evidence of this product, read without the
 * database (in the validator's worker thread, lib/server/validate/pdf-validator.ts):
 * its SHA-256; the embedded audit trail's document and its chain recomputed
 * (`hashes` null when it does not hold); the biometric records counted per
 * recipient. check-signet-evidence.ts holds it against the records.
 */
export type TSignetEvidence = {
  sha256: string;
  audit: { documentId: string; hashes: string[] | null } | null;
  biometric: { documentId: string; counts: { recipientId: string; records: number }[] } | null;
};

function parseJson<T>(
  bytes: Uint8Array | undefined,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): T | null {
  if (!bytes) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(bytes).toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The evidence in `bytes` (`doc`: their parse, null when pdf-lib cannot read them). */
export function readSignetEvidence(bytes: Uint8Array, doc: PDFDocument | null): TSignetEvidence {
  const sha256 = sha256Hex(bytes);
  const files = doc ? readEmbeddedFiles(doc, [AUDIT_ATTACHMENT, BIOMETRIC_ATTACHMENT]) : new Map<string, Uint8Array>();
  const audit = parseJson(files.get(AUDIT_ATTACHMENT), ZEmbeddedAudit);
  const biometric = parseJson(files.get(BIOMETRIC_ATTACHMENT), ZEmbeddedBiometric);
  const counts = new Map<string, number>();
  for (const item of biometric?.records ?? []) counts.set(item.recipientId, (counts.get(item.recipientId) ?? 0) + 1);
  return {
    sha256,
    audit: audit ? { documentId: audit.documentId, hashes: verifyEmbeddedAudit(audit) } : null,
    biometric: biometric
      ? {
          documentId: biometric.documentId,
          counts: [...counts].map(([recipientId, records]) => ({ recipientId, records })),
        }
      : null,
  };
}
