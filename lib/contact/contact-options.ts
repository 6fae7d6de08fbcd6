/**
 * The contact form's fixed lists, limits and helpers, without zod, so the
 * page can render them without loading the schema (./contact-schema).
 */

/** Same list and order as the ContactTopic enum in prisma/schema.prisma. SALES covers the Enterprise plan. */
export const CONTACT_TOPICS = ['SALES', 'SUPPORT', 'PARTNERSHIP', 'PRESS', 'OTHER'] as const;
export type TContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_PLANS = ['FREE', 'PRO', 'ENTERPRISE'] as const;
export type TContactPlan = (typeof CONTACT_PLANS)[number];

export const CONTACT_LIMITS = { name: 120, email: 254, company: 120, messageMin: 10, message: 3000 } as const;

export type TContactFieldErrorKey = 'required' | 'tooLong' | 'tooShort' | 'invalidEmail' | 'invalidChoice' | 'invalid';

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
