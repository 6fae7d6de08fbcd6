import 'server-only';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { lockDocument } from '../link/lock-document';

/**
 * POST /api/v1/signing/{token}/consent: the recipient's ESIGN/UETA consent to
 * sign electronically, kept on the recipient (time, address, user agent) with
 * one `recipient.consented` audit event. Idempotent: a second call changes
 * nothing (the first consent is the evidence), settled by a compare-and-set
 * on consentAt so two calls at once record it once. True when recorded now.
 */
export async function giveSigningConsent(
  recipient: { id: string; email: string; documentId: string; consentAt: Date | null },
  meta: TRequestMeta,
  client: TDbClient = db,
): Promise<boolean> {
  if (recipient.consentAt) return false;
  return client.$transaction(async (tx) => {
    await lockDocument(tx, recipient.documentId);
    const now = new Date();
    const { count } = await tx.recipient.updateMany({
      where: { id: recipient.id, consentAt: null },
      data: { consentAt: now, consentIp: meta.ip, consentUserAgent: meta.userAgent },
    });
    if (count !== 1) return false;
    await appendAuditEvent(tx, {
      documentId: recipient.documentId,
      type: 'recipient.consented',
      actor: `recipient:${recipient.id}`,
      ...meta,
      at: now,
      data: { recipientId: recipient.id, email: recipient.email, disclosure: 'esign-ueta' },
    });
    return true;
  });
}
