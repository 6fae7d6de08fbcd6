import 'server-only';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import type { TSigner } from '@/lib/server/signing/link/resolve-signing-token';
import { lockDocument } from '../link/lock-document';
import { otpLockedOut, otpMatches, otpTriesSinceNewLink, OTP_RULES } from './signer-otp';

type TOutcome = { ok: true } | { ok: false; error: AppError };

const fail = (error: AppError): TOutcome => ({ ok: false, error });
const spent = () =>
  new AppError('OTP_LOCKED', 'That code is not right, and it cannot be tried again. Ask for a new one.', {
    extensions: { reason: 'otp_spent', triesLeft: 0 },
  });

/**
 * Checks a one-time code against the recipient's newest code. Each try counts
 * (OTP_RULES: 5 per code, then the code is spent; 15 until the sender issues
 * a new link); a right code marks the recipient authenticated (authAt, the
 * address as the verified subject). Refusals name their remedy: OTP_EXPIRED
 * and OTP_LOCKED `otp_spent` (ask for a new code), OTP_LOCKED `otp_locked`
 * (ask the sender for a new link). Every try, right or wrong, is an audit event.
 */
export async function verifySignerOtp(
  signer: TSigner,
  code: string,
  meta: TRequestMeta,
  now = new Date(),
): Promise<void> {
  const { recipient, document } = signer;
  if (recipient.auth !== 'EMAIL_OTP') {
    throw new AppError('CONFLICT', 'This signing link does not ask for a one-time code.', {
      extensions: { reason: 'otp_not_required' },
    });
  }
  if (recipient.authAt) return; // already confirmed: a second tab's late submit changes nothing

  const outcome = await db.$transaction(async (tx): Promise<TOutcome> => {
    await lockDocument(tx, document.id);
    const tries = await otpTriesSinceNewLink(tx, recipient.id);
    if (tries >= OTP_RULES.triesPerLink) return fail(otpLockedOut());
    // Only the newest code can work: sending one spends the ones before it.
    const newest = await tx.signerOtp.findFirst({
      where: { recipientId: recipient.id },
      orderBy: { createdAt: 'desc' },
    });
    if (!newest)
      return fail(new AppError('CONFLICT', 'Ask for a code first.', { extensions: { reason: 'otp_not_sent' } }));
    if (newest.usedAt && newest.attempts >= OTP_RULES.triesPerCode) return fail(spent());
    // Run out, or never delivered (a mail that failed spends its code).
    if (newest.usedAt || newest.expiresAt <= now) {
      return fail(
        new AppError('OTP_EXPIRED', 'This code has expired. Ask for a new one.', {
          extensions: { reason: 'otp_expired' },
        }),
      );
    }

    const attempts = newest.attempts + 1;
    const right = otpMatches(recipient.id, code, newest.codeHash);
    const triesLeft = Math.min(OTP_RULES.triesPerCode - attempts, OTP_RULES.triesPerLink - (tries + 1));
    await tx.signerOtp.update({
      where: { id: newest.id },
      data: { attempts, ...(right || triesLeft <= 0 ? { usedAt: now } : {}) },
    });
    if (right)
      await tx.recipient.update({ where: { id: recipient.id }, data: { authAt: now, authSubject: recipient.email } });
    await appendAuditEvent(tx, {
      documentId: document.id,
      type: 'recipient.authenticated',
      actor: `recipient:${recipient.id}`,
      at: now,
      data: { recipientId: recipient.id, method: 'email_otp', result: right ? 'passed' : 'failed', attempt: attempts },
      ...meta,
    });
    if (right) return { ok: true };
    if (triesLeft > 0) {
      return fail(
        new AppError(
          'UNAUTHORIZED',
          `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
          { extensions: { reason: 'otp_wrong', triesLeft } },
        ),
      );
    }
    if (tries + 1 >= OTP_RULES.triesPerLink) {
      // The owner learns why this signer is stuck: only a new link from them lets the signer try again.
      await appendAuditEvent(tx, {
        documentId: document.id,
        type: 'recipient.otp_locked',
        actor: `recipient:${recipient.id}`,
        at: now,
        data: { recipientId: recipient.id, email: recipient.email, tries: tries + 1 },
        ...meta,
      });
      return fail(otpLockedOut());
    }
    return fail(spent());
  });
  // Thrown after the commit: a wrong try must still count.
  if (!outcome.ok) throw outcome.error;
}
