import 'server-only';
import type { TAuditTrail } from '@/lib/api/v1/documents';
import { db } from '@/lib/server/db/client';
import { requireOwnedDocument } from '@/lib/server/documents/require-owned-document';
import { auditEventHash } from './append-audit-event';

function parseData(data: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * GET /api/v1/documents/{id}/audit: the events oldest first, and whether the
 * hash chain holds: each event's hash recomputed from its fields and its
 * predecessor's hash, so an edited, removed or reordered event shows.
 */
export async function readAuditTrail(id: string, ownerId: string): Promise<TAuditTrail> {
  await requireOwnedDocument(id, ownerId);
  const events = await db.auditEvent.findMany({ where: { documentId: id }, orderBy: [{ at: 'asc' }, { id: 'asc' }] });
  let previous: string | null = null;
  let chainValid = true;
  for (const event of events) {
    const expected = auditEventHash({ ...event, prevHash: previous });
    if (event.prevHash !== previous || event.hash !== expected) chainValid = false;
    previous = event.hash;
  }
  return {
    chainValid,
    events: events.map((event) => ({
      id: event.id,
      type: event.type,
      actor: event.actor,
      at: event.at.toISOString(),
      ip: event.ip,
      userAgent: event.userAgent,
      data: parseData(event.data),
      prevHash: event.prevHash,
      hash: event.hash,
    })),
  };
}
