import 'server-only';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '@/lib/sha256-hex';
import { AppError } from '@/lib/errors';
import type { TTransaction } from '@/lib/server/db/client';

/**
 * The rules for email one-time codes, in one place (docs/signer-authentication.md):
 * a code works 10 minutes and for 5 tries; at most 5 codes an hour; and at
 * most 15 tries in all until the sender issues a new link (resend or copy
 * link), so the hourly allowance cannot add up to thousands of guesses over
 * a document's life while its link is in the wrong hands.
 */
export const OTP_RULES = { digits: 6, validMinutes: 10, triesPerCode: 5, codesPerHour: 5, triesPerLink: 15 } as const;

export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0');
}

/** Stored hashed, salted with the recipient, so the table never holds a usable code. */
export function hashOtpCode(recipientId: string, code: string): string {
  return sha256Hex(`signet-otp:${recipientId}:${code}`);
}

export function otpMatches(recipientId: string, code: string, codeHash: string): boolean {
  const given = Buffer.from(hashOtpCode(recipientId, code), 'hex');
  const stored = Buffer.from(codeHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Tries at the recipient's codes since the sender last gave them a new link
 * (resend and copy link revoke the older ones as `replaced`): what
 * OTP_RULES.triesPerLink counts. Read under the document's lock.
 */
export async function otpTriesSinceNewLink(tx: TTransaction, recipientId: string): Promise<number> {
  const reissued = await tx.signingLink.aggregate({
    where: { recipientId, revokedReason: 'replaced' },
    _max: { revokedAt: true },
  });
  const since = reissued._max.revokedAt;
  const tries = await tx.signerOtp.aggregate({
    where: { recipientId, ...(since ? { createdAt: { gt: since } } : {}) },
    _sum: { attempts: true },
  });
  return tries._sum.attempts ?? 0;
}

/** Past OTP_RULES.triesPerLink: no code is sent or checked until the sender issues a new link. */
export function otpLockedOut(): AppError {
  return new AppError(
    'OTP_LOCKED',
    `Too many wrong codes (${OTP_RULES.triesPerLink}) for this link. Ask the sender to send you a new invitation.`,
    {
      extensions: { reason: 'otp_locked', triesLeft: 0 },
    },
  );
}

/** j***@example.com: enough for the signer to know which inbox, not enough to harvest the address from a leaked link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
