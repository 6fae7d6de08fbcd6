import { z } from 'zod';

/** `POST /api/v1/signing/{token}/oidc/start`: where to send the signer (the eID provider's sign-in). */
export const ZEidStarted = z.object({
  url: z.url().meta({
    description:
      'The eID provider’s authorization URL; open it in the same browser (the answer also sets the flow’s cookie).',
  }),
});
export type TEidStarted = z.infer<typeof ZEidStarted>;

/**
 * Why an eID sign-in did not pass, as the callback tells the signing page
 * (`/sign/{token}?eidError=…`): the signer cancelled at the provider; the
 * sign-in ran out or was already used; it belongs to another start (another
 * tab); the provider's answer could not be verified; or (EID_NAME_MISMATCH=refuse)
 * the eID's name is not the recipient's.
 */
export const EID_ERRORS = ['cancelled', 'expired', 'mismatch', 'failed', 'name_mismatch'] as const;
export const ZEidError = z.enum(EID_ERRORS);
export type TEidError = z.infer<typeof ZEidError>;

/** The provider's redirect to `GET /api/v1/signing/oidc/callback` (OAuth 2.0 authorization response). */
export const ZEidCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
