import 'server-only';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** The rules for email one-time codes, in one place. */
export const OTP_RULES = { digits: 6, validMinutes: 10, triesPerCode: 5, codesPerHour: 5 } as const;

export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0');
}

/** Stored hashed, salted with the recipient, so the table never holds a usable code. */
export function hashOtpCode(recipientId: string, code: string): string {
  return createHash('sha256').update(`signet-otp:${recipientId}:${code}`).digest('hex');
}

export function otpMatches(recipientId: string, code: string, codeHash: string): boolean {
  const given = Buffer.from(hashOtpCode(recipientId, code), 'hex');
  const stored = Buffer.from(codeHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** j***@example.com: enough for the signer to know which inbox, not enough to harvest the address from a leaked link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
