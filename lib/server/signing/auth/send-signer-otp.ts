import 'server-only';
import { loadBrand } from '@/lib/server/branding/load-brand';
import type { TOtpSent } from '@/lib/api/v1/signer-otp';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import type { TSigner } from '@/lib/server/signing/link/resolve-signing-token';
import { sendTemplateMail } from '@/lib/server/mail/send-template-mail';
import { lockDocument } from '../link/lock-document';
import { mailLocale, recipientPerson } from '../notices/mail-recipient';
import { hashOtpCode, maskEmail, newOtpCode, otpLockedOut, otpTriesSinceNewLink, OTP_RULES } from './signer-otp';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Mails the recipient a fresh one-time code (`auth: email_otp`). A new code
 * replaces the ones before it; at most OTP_RULES.codesPerHour per recipient
 * per hour (429 with the wait), counted from the stored codes so every
 * instance agrees; none once the link's tries are used up (OTP_LOCKED
 * `otp_locked`, until the sender issues a new link). A mail that cannot be
 * sent leaves no usable code behind.
 */
export async function sendSignerOtp(signer: TSigner, meta: TRequestMeta, now = new Date()): Promise<TOtpSent> {
  const { recipient, document } = signer;
  if (recipient.auth !== 'EMAIL_OTP') {
    throw new AppError('CONFLICT', 'This signing link does not ask for a one-time code.', {
      extensions: { reason: 'otp_not_required' },
    });
  }
  if (recipient.authAt)
    throw new AppError('CONFLICT', 'You have already confirmed your address.', {
      extensions: { reason: 'auth_satisfied' },
    });

  const code = newOtpCode();
  const expiresAt = new Date(now.getTime() + OTP_RULES.validMinutes * 60_000);
  const created = await db.$transaction(async (tx) => {
    // One request at a time per document, so two at once cannot both pass the hourly count.
    await lockDocument(tx, document.id);
    // Past the tries a link allows, a new code would only buy more guesses: the sender must issue a new link.
    if ((await otpTriesSinceNewLink(tx, recipient.id)) >= OTP_RULES.triesPerLink) throw otpLockedOut();
    const recent = await tx.signerOtp.findMany({
      where: { recipientId: recipient.id, createdAt: { gt: new Date(now.getTime() - HOUR_MS) } },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true },
    });
    if (recent.length >= OTP_RULES.codesPerHour) {
      const oldest = recent[0]?.createdAt ?? now;
      const wait = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `You have asked for ${OTP_RULES.codesPerHour} codes this hour. Try again in ${Math.ceil(wait / 60)} minutes.`,
        {
          retryAfterSeconds: wait,
        },
      );
    }
    // Only the newest code works: earlier ones end here.
    await tx.signerOtp.updateMany({ where: { recipientId: recipient.id, usedAt: null }, data: { usedAt: now } });
    const row = await tx.signerOtp.create({
      data: { recipientId: recipient.id, codeHash: hashOtpCode(recipient.id, code), expiresAt, createdAt: now },
    });
    await appendAuditEvent(tx, {
      documentId: document.id,
      type: 'recipient.otp_sent',
      actor: `recipient:${recipient.id}`,
      at: now,
      data: { recipientId: recipient.id, email: recipient.email, expiresAt: expiresAt.toISOString() },
      ...meta,
    });
    return row;
  });

  const owner = await db.user.findUniqueOrThrow({ where: { id: document.ownerId }, select: { locale: true } });
  try {
    await sendTemplateMail(
      'one-time-code',
      mailLocale(document, owner),
      { code, documentName: document.name, minutesValid: OTP_RULES.validMinutes },
      { to: recipientPerson(recipient), brand: await loadBrand(document.workspaceId) },
    );
  } catch (error) {
    // The code never reached anyone: it must not count as a live code (the hourly count keeps it, as an attempt).
    await db.signerOtp.update({ where: { id: created.id }, data: { usedAt: new Date() } });
    throw new AppError('SERVICE_UNAVAILABLE', 'The code could not be mailed just now. Try again in a minute.', {
      cause: error,
    });
  }
  return { sentTo: maskEmail(recipient.email), expiresAt: expiresAt.toISOString() };
}
