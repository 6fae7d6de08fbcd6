import 'server-only';
import { z } from 'zod';
import { auditEventHash } from '@/lib/server/audit/audit-event-hash';

/** signet-audit.json as the sealing step embeds it (the shared evidence format). */
export const ZEmbeddedAudit = z.object({
  documentId: z.string().min(1).max(64),
  events: z
    .array(
      z.object({
        id: z.string().optional(),
        type: z.string(),
        actor: z.string(),
        at: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        data: z.unknown(),
        prevHash: z.string().nullable(),
        hash: z.string(),
      }),
    )
    .max(100_000),
  head: z.string().nullable(),
  count: z.int().nonnegative(),
});
export type TEmbeddedAudit = z.infer<typeof ZEmbeddedAudit>;

/** signet-biometric.json: the encrypted records, of which the validator only counts them per recipient. */
export const ZEmbeddedBiometric = z.object({
  documentId: z.string().min(1).max(64),
  records: z.array(z.looseObject({ recipientId: z.string().max(64) })).max(100_000),
});

/**
 * Recomputes the embedded chain hash by hash with the audit trail's own
 * hashing (lib/server/audit): each event names its predecessor's hash and
 * hashes to what it claims, and head and count close it. Returns the hashes
 * in order, or null when the chain does not hold.
 */
export function verifyEmbeddedAudit(audit: TEmbeddedAudit): string[] | null {
  const hashes: string[] = [];
  let previous: string | null = null;
  for (const event of audit.events) {
    const at = new Date(event.at);
    if (Number.isNaN(at.getTime()) || event.prevHash !== previous) return null;
    // The store keeps `data` as the JSON text it hashed; the file may carry it parsed.
    const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data ?? {});
    const hash = auditEventHash({
      documentId: audit.documentId,
      type: event.type,
      actor: event.actor,
      at,
      data,
      ip: event.ip,
      userAgent: event.userAgent,
      prevHash: previous,
    });
    if (hash !== event.hash) return null;
    hashes.push(hash);
    previous = hash;
  }
  return previous === audit.head && audit.count === audit.events.length ? hashes : null;
}
