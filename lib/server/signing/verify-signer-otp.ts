import 'server-only';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import type { TSigner } from '@/lib/server/http/signer-route';
import { lockDocument } from './lock-document';
import { otpMatches, OTP_RULES } from './signer-otp';

type TOutcome = { ok: true } | { ok: false; error: AppError };

/**
 * Checks a one-time code against the recipient's newest live code. Each try
 * counts (at most OTP_RULES.triesPerCode per code, then the code is spent);
 * a right code marks the recipient authenticated (authAt, the address as the
 * verified subject). Every try, right or wrong, is an audit event.
 */
export async function verifySignerOtp(signer: TSigner, code: string, meta: TRequestMeta, now = new Date()): Promise<void> {
  const { recipient, document } = signer;
  if (recipient.auth !== 'EMAIL_OTP') {
    throw new AppError('CONFLICT', 'This signing link does not ask for a one-time code.', { extensions: { reason: 'otp_not_required' } });
  }
  if (recipient.authAt) return; // already confirmed: a second tab's late submit changes nothing

  const outcome = await db.$transaction(async (tx): Promise<TOutcome> => {
    await lockDocument(tx, document.id);
    const live = await tx.signerOtp.findFirst({ where: { recipientId: recipient.id, usedAt: null }, orderBy: { createdAt: 'desc' } });
    if (!live || live.expiresAt <= now) {
      return { ok: false, error: new AppError('CONFLICT', 'This code has expired. Ask for a new one.', { extensions: { reason: 'otp_expired' } }) };
    }
    const attempts = live.attempts + 1;
    const right = otpMatches(recipient.id, code, live.codeHash);
    const spent = right || attempts >= OTP_RULES.triesPerCode;
    await tx.signerOtp.update({ where: { id: live.id }, data: { attempts, ...(spent ? { usedAt: now } : {}) } });
    if (right) await tx.recipient.update({ where: { id: recipient.id }, data: { authAt: now, authSubject: recipient.email } });
    await appendAuditEvent(tx, {
      documentId: document.id,
      type: 'recipient.authenticated',
      actor: `recipient:${recipient.id}`,
      at: now,
      data: { recipientId: recipient.id, method: 'email_otp', result: right ? 'passed' : 'failed', attempt: attempts },
      ...meta,
    });
    if (right) return { ok: true };
    const triesLeft = OTP_RULES.triesPerCode - attempts;
    return {
      ok: false,
      error:
        triesLeft > 0
          ? new AppError('UNAUTHORIZED', `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`, { extensions: { reason: 'otp_wrong', triesLeft } })
          : new AppError('UNAUTHORIZED', 'That code is not right, and it cannot be tried again. Ask for a new one.', { extensions: { reason: 'otp_spent', triesLeft: 0 } }),
    };
  });
  // Thrown after the commit: a wrong try must still count.
  if (!outcome.ok) throw outcome.error;
}
