import * as z from 'zod/mini';
import { locales } from '@/lib/i18n/routing';

/**
 * The contact form's one schema, shared by the browser (inline errors) and
 * POST /api/contact. zod/mini keeps the marketing page's client JS small.
 * Error messages are stable keys (`required`, `invalidEmail`…) that the form
 * translates (messages/contact → form.errors) and API clients can match.
 */

/** Same list and order as the ContactTopic enum in prisma/schema.prisma. SALES covers the Enterprise plan. */
export const CONTACT_TOPICS = ['SALES', 'SUPPORT', 'PARTNERSHIP', 'PRESS', 'OTHER'] as const;
export type TContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_PLANS = ['FREE', 'PRO', 'ENTERPRISE'] as const;
export type TContactPlan = (typeof CONTACT_PLANS)[number];

export const CONTACT_LIMITS = { name: 120, email: 254, company: 120, messageMin: 10, message: 3000 } as const;

export type TContactFieldErrorKey = 'required' | 'tooLong' | 'tooShort' | 'invalidEmail' | 'invalidChoice' | 'invalid';

const text = (max: number, min = 1) =>
  z.string('required').check(
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
  email: z.string('required').check(
    z.trim(),
    z.minLength(1, 'required'),
    z.maxLength(CONTACT_LIMITS.email, 'tooLong'),
    z.email('invalidEmail'),
  ),
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
export type TContactField = 'name' | 'email' | 'company' | 'topic' | 'message';

/** Field → first error key, from zod issues or a problem+json `errors` array. */
export function fieldErrorsFrom(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>) {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = typeof issue.path === 'string' ? issue.path.split('.')[0] : String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * What `/contact?topic=…` or `?plan=…` preselects. The Enterprise pricing
 * button links to `?topic=enterprise`: the sales topic, Enterprise plan.
 */
export function presetFromSearch(search: string): { topic?: TContactTopic; plan?: TContactPlan } {
  const params = new URLSearchParams(search);
  const topic = params.get('topic')?.toUpperCase();
  const plan = params.get('plan')?.toUpperCase();
  const preset: { topic?: TContactTopic; plan?: TContactPlan } = {};
  if (topic === 'ENTERPRISE' || plan === 'ENTERPRISE') return { topic: 'SALES', plan: 'ENTERPRISE' };
  if (topic && (CONTACT_TOPICS as readonly string[]).includes(topic)) preset.topic = topic as TContactTopic;
  if (plan && (CONTACT_PLANS as readonly string[]).includes(plan)) {
    preset.plan = plan as TContactPlan;
    preset.topic ??= 'SALES';
  }
  return preset;
}
