import 'server-only';
import type { TAuditTrail } from '@/lib/api/v1/documents';
import { db } from '@/lib/server/db/client';
import { requireOwnedDocumentById } from '@/lib/server/documents/require-owned-document-by-id';
import { auditEventHash } from './append-audit-event';

function parseData(data: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type TStoredEvent = Awaited<ReturnType<typeof db.auditEvent.findMany>>[number];

/**
 * The events in chain order (each after the one its prevHash names), and
 * whether the chain holds: every hash recomputes from its fields, every event
 * is reached from the first, and the last is the head the document recorded
 * (so removing the newest events shows too). Events the walk cannot reach
 * follow in time order.
 */
export function verifyChain(events: TStoredEvent[], head: { auditHead: string | null; auditCount: number }) {
  // Linear: maps and a set, not list scans (the public validator walks a document's chain on the request thread).
  const byPrev = new Map<string | null, TStoredEvent[]>();
  for (const event of events) {
    const siblings = byPrev.get(event.prevHash);
    if (siblings) siblings.push(event);
    else byPrev.set(event.prevHash, [event]);
  }
  const ordered: TStoredEvent[] = [];
  const reached = new Set<TStoredEvent>();
  let chainValid = true;
  let previous: string | null = null;
  for (;;) {
    const next: TStoredEvent[] = byPrev.get(previous) ?? [];
    if (next.length > 1) chainValid = false; // a fork: two events claim one predecessor
    const event: TStoredEvent | undefined = next[0];
    if (!event || reached.has(event)) break;
    if (event.hash !== auditEventHash({ ...event, prevHash: previous })) chainValid = false;
    ordered.push(event);
    reached.add(event);
    previous = event.hash;
  }
  const unreached = events.filter((event) => !reached.has(event));
  if (unreached.length > 0 || previous !== head.auditHead || events.length !== head.auditCount) chainValid = false;
  return { chainValid, ordered: [...ordered, ...unreached] };
}

/** GET /api/v1/documents/{id}/audit: the events oldest first, and whether the hash chain holds. */
export async function readAuditTrail(id: string, workspaceId: string): Promise<TAuditTrail> {
  const document = await requireOwnedDocumentById(id, workspaceId);
  const events = await db.auditEvent.findMany({ where: { documentId: id }, orderBy: [{ at: 'asc' }, { id: 'asc' }] });
  const { chainValid, ordered } = verifyChain(events, document);
  return {
    chainValid,
    events: ordered.map((event) => ({
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
