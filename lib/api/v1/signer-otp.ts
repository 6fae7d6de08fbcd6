import { z } from 'zod';

/** `POST /api/v1/signing/{token}/otp/verify`: the code from the mail (spaces a person types are ignored). */
export const ZOtpVerifyBody = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'expected the 6 digits from the mail' })),
});
export type TOtpVerifyBody = z.infer<typeof ZOtpVerifyBody>;

/** `POST /api/v1/signing/{token}/otp`: where the code went and until when it works. */
export const ZOtpSent = z.object({
  sentTo: z.string().meta({ description: 'The recipient’s address, partly hidden (j***@example.com).' }),
  expiresAt: z.iso.datetime(),
});
export type TOtpSent = z.infer<typeof ZOtpSent>;

/** `POST /api/v1/signing/{token}/otp/verify`: the recipient's authentication now passes. */
export const ZOtpVerified = z.object({
  auth: z.object({ method: z.literal('email_otp'), satisfied: z.literal(true) }),
});
