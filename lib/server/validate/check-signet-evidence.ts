import 'server-only';
import { createHash } from 'node:crypto';
import type { PDFDocument } from 'pdf-lib';
import type { TSignetReport } from '@/lib/api/v1/validate';
import { verifyChain } from '@/lib/server/audit/read-audit-trail';
import { db } from '@/lib/server/db/client';
import { readEmbeddedFiles } from './read-embedded-files';
import { type TEmbeddedAudit, verifyEmbeddedAudit, ZEmbeddedAudit, ZEmbeddedBiometric } from './verify-embedded-audit';

export const AUDIT_ATTACHMENT = 'signet-audit.json';
export const BIOMETRIC_ATTACHMENT = 'signet-biometric.json';

function parseJson<T>(bytes: Uint8Array | undefined, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | null {
  if (!bytes) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(bytes).toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The embedded chain holds and is the start of the chain this instance stored (later events, e.g. the seal's own, may follow). */
async function auditMatchesStore(audit: TEmbeddedAudit, head: { auditHead: string | null; auditCount: number }): Promise<boolean> {
  const embedded = verifyEmbeddedAudit(audit);
  if (!embedded) return false;
  const events = await db.auditEvent.findMany({ where: { documentId: audit.documentId }, orderBy: [{ at: 'asc' }, { id: 'asc' }] });
  const { chainValid, ordered } = verifyChain(events, head);
  return chainValid && embedded.length <= ordered.length && embedded.every((hash, index) => ordered[index]?.hash === hash);
}

/**
 * The `signet` part of a report: for a file sealed here (its evidence
 * attachments name a document, or its SHA-256 is a sealed file's), whether
 * it is the sealed file on record (also after the file itself was purged),
 * whether its embedded audit trail recomputes and matches the stored chain,
 * and how many biometric records it carries per signer. Undefined for
 * anyone else's PDF.
 */
export async function checkSignetEvidence(bytes: Uint8Array, doc: PDFDocument | null): Promise<TSignetReport | undefined> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const files = doc ? readEmbeddedFiles(doc, [AUDIT_ATTACHMENT, BIOMETRIC_ATTACHMENT]) : new Map<string, Uint8Array>();
  const audit = parseJson(files.get(AUDIT_ATTACHMENT), ZEmbeddedAudit);
  const biometric = parseJson(files.get(BIOMETRIC_ATTACHMENT), ZEmbeddedBiometric);
  const bySha = await db.document.findFirst({ where: { sealedSha256: sha256 }, select: { id: true } });
  const documentId = bySha?.id ?? audit?.documentId ?? biometric?.documentId;
  if (!documentId) return undefined;
  const record = await db.document.findUnique({
    where: { id: documentId },
    select: { sealedSha256: true, completedAt: true, auditHead: true, auditCount: true, recipients: { select: { id: true, name: true } } },
  });
  const matchesRecord = record?.sealedSha256 === sha256;
  const auditChainValid = record && audit?.documentId === documentId ? await auditMatchesStore(audit, record) : false;
  // Names only for a file proven ours: they are printed in it, but a forged attachment must not look them up.
  const showNames = matchesRecord || auditChainValid;
  const counts = new Map<string, number>();
  for (const item of biometric?.documentId === documentId ? biometric.records : []) counts.set(item.recipientId, (counts.get(item.recipientId) ?? 0) + 1);
  return {
    documentId,
    recordFound: record !== null,
    matchesRecord,
    sealedAt: matchesRecord ? (record.completedAt?.toISOString() ?? null) : null,
    auditChainValid,
    biometric: {
      signers: [...counts].map(([recipientId, records]) => ({
        recipientId,
        name: showNames ? (record?.recipients.find((recipient) => recipient.id === recipientId)?.name ?? null) : null,
        records,
      })),
    },
  };
}
