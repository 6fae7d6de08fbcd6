import * as z from 'zod/mini';
import { locales } from '@/lib/i18n/routing';
import { CONTACT_LIMITS, CONTACT_PLANS, CONTACT_TOPICS } from './contact-options';

export * from './contact-options';

/**
 * The contact form's one schema, shared by the browser (inline errors) and
 * POST /api/contact. zod/mini keeps it small, and the form loads it only
 * once someone starts filling it in (lists and helpers: ./contact-options).
 * Error messages are stable keys (`required`, `invalidEmail`…) that the form
 * translates (messages/contact → form.errors) and API clients can match.
 */

const text = (max: number, min = 1) =>
  z
    .string('required')
    .check(
      z.trim(),
      z.minLength(1, 'required'),
      ...(min > 1 ? [z.minLength(min, 'tooShort')] : []),
      z.maxLength(max, 'tooLong'),
    );

/** Empty or whitespace-only optional text counts as not given. */
const optionalText = (max: number) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(z.string('invalid').check(z.trim(), z.maxLength(max, 'tooLong'))),
  );

export const ZContactRequest = z.object({
  name: text(CONTACT_LIMITS.name),
  email: z
    .string('required')
    .check(z.trim(), z.minLength(1, 'required'), z.maxLength(CONTACT_LIMITS.email, 'tooLong'), z.email('invalidEmail')),
  company: optionalText(CONTACT_LIMITS.company),
  topic: z.enum(CONTACT_TOPICS, 'invalidChoice'),
  message: text(CONTACT_LIMITS.message, CONTACT_LIMITS.messageMin),
  locale: z.enum(locales, 'invalidChoice'),
  plan: z.pipe(
    z.transform((value: unknown) => (value === '' || value === null ? undefined : value)),
    z.optional(z.enum(CONTACT_PLANS, 'invalidChoice')),
  ),
  /**
   * Honeypot: hidden from people, filled by naive bots. A filled one is
   * answered like a success and stored nowhere (lib/server/contact).
   */
  website: optionalText(500),
});

export type TContactRequestInput = z.input<typeof ZContactRequest>;
export type TContactRequest = z.output<typeof ZContactRequest>;
