import 'server-only';
import type { TDbClient, TTransaction } from '@/lib/server/db/client';
import { capRequestMeta } from '@/lib/server/http/client-address';
import { queueWebhookDeliveries } from '@/lib/server/webhooks/queue-webhook-deliveries';
import { auditEventHash, type TAuditHashFields } from './audit-event-hash';

// The hash has its own module (no database) so the validator's worker thread can recompute embedded chains.
export { auditEventHash, type TAuditHashFields } from './audit-event-hash';

export type TAuditInput = {
  documentId: string;
  type: string;
  actor: string;
  data?: Record<string, unknown>;
  /** From requestMeta() (lib/server/http/client-address.ts); capped again here, whoever calls. */
  ip?: string | null;
  userAgent?: string | null;
  at?: Date;
};

/**
 * Appends an event to the document's hash chain; call inside the transaction
 * that made the change (or with the client: it opens its own). The document
 * row is updated first, which holds every other appender to this document
 * until this transaction ends (a row lock on PostgreSQL, the write lock on
 * SQLite), so two events written at once cannot both claim the same
 * predecessor and fork the chain.
 */
export async function appendAuditEvent(tx: TTransaction | TDbClient, input: TAuditInput) {
  // Appenders to one document wait for each other here: give them longer than Prisma's 2 s default to get a connection.
  if ('$transaction' in tx)
    return tx.$transaction((inner) => appendLocked(inner, input), { maxWait: 15_000, timeout: 15_000 });
  return appendLocked(tx, input);
}

async function appendLocked(tx: TTransaction, input: TAuditInput) {
  const { auditHead } = await tx.document.update({
    where: { id: input.documentId },
    data: { auditCount: { increment: 1 } },
    select: { auditHead: true },
  });
  const fields: TAuditHashFields = {
    documentId: input.documentId,
    type: input.type,
    actor: input.actor,
    at: input.at ?? new Date(),
    data: JSON.stringify(input.data ?? {}),
    ...capRequestMeta(input),
    prevHash: auditHead,
  };
  const hash = auditEventHash(fields);
  await tx.document.update({ where: { id: input.documentId }, data: { auditHead: hash } });
  const event = await tx.auditEvent.create({ data: { ...fields, hash } });
  // The owner's webhooks learn of it in this same transaction (an outbox): no event without its deliveries, nor the reverse.
  await queueWebhookDeliveries(tx, {
    documentId: input.documentId,
    type: input.type,
    at: fields.at,
    data: input.data ?? {},
  });
  return event;
}
