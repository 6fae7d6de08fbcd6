import 'server-only';
import type { TSignetReport } from '@/lib/api/v1/validate';
import { verifyChain } from '@/lib/server/audit/read-audit-trail';
import { db } from '@/lib/server/db/client';
import type { TSignetEvidence } from './read-signet-evidence';

/** The embedded chain held and is the start of the chain this instance stored (later events, e.g. the seal's own, may follow). */
async function auditMatchesStore(
  documentId: string,
  embedded: string[] | null,
  head: { auditHead: string | null; auditCount: number },
): Promise<boolean> {
  if (!embedded) return false;
  const events = await db.auditEvent.findMany({ where: { documentId }, orderBy: [{ at: 'asc' }, { id: 'asc' }] });
  const { chainValid, ordered } = verifyChain(events, head);
  return (
    chainValid && embedded.length <= ordered.length && embedded.every((hash, index) => ordered[index]?.hash === hash)
  );
}

/**
 * The `signet` part of a report, from what the file says of itself
 * (read-signet-evidence.ts): for a file sealed here (its evidence attachments
 * name a document, or its SHA-256 is a sealed file's), whether it is the
 * sealed file on record (also after the file itself was purged), whether its
 * embedded audit trail recomputes and matches the stored chain, and how many
 * biometric records it carries per signer. Undefined for anyone else's PDF.
 */
export async function checkSignetEvidence(evidence: TSignetEvidence): Promise<TSignetReport | undefined> {
  const { sha256, audit, biometric } = evidence;
  const bySha = await db.document.findFirst({ where: { sealedSha256: sha256 }, select: { id: true } });
  const documentId = bySha?.id ?? audit?.documentId ?? biometric?.documentId;
  if (!documentId) return undefined;
  const record = await db.document.findUnique({
    where: { id: documentId },
    select: {
      sealedSha256: true,
      completedAt: true,
      auditHead: true,
      auditCount: true,
      recipients: { select: { id: true, name: true } },
    },
  });
  const matchesRecord = record?.sealedSha256 === sha256;
  const auditChainValid =
    record && audit?.documentId === documentId ? await auditMatchesStore(documentId, audit.hashes, record) : false;
  // Names only for a file proven ours: they are printed in it, but a forged attachment must not look them up.
  const showNames = matchesRecord || auditChainValid;
  const names = new Map(record?.recipients.map((recipient) => [recipient.id, recipient.name]));
  return {
    documentId,
    recordFound: record !== null,
    matchesRecord,
    sealedAt: matchesRecord ? (record.completedAt?.toISOString() ?? null) : null,
    auditChainValid,
    biometric: {
      signers: (biometric?.documentId === documentId ? biometric.counts : []).map(({ recipientId, records }) => ({
        recipientId,
        name: showNames ? (names.get(recipientId) ?? null) : null,
        records,
      })),
    },
  };
}
