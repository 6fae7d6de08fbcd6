import type { TField } from '@/lib/api/v1/fields';
import type { TSigningSession } from '@/lib/api/v1/signing-session';

/**
 * The signer's guide, shared by the page and its tests: which fields the
 * signer is walked through, what counts as done, and what the page fills in
 * for them. Pure, so it runs in the browser and in Vitest alike.
 */

/** The server writes a date field at completion (docs/api.md, `complete`): it is shown, never asked for. */
export const isAutomatic = (field: Pick<TField, 'type'>) => field.type === 'date';

/** The fields the "Next field" guide visits, in the order the API gives them (reading order). */
export function guideSteps(fields: TField[]): TField[] {
  return fields.filter((field) => !isAutomatic(field));
}

/** Whether a value answers the field: a required checkbox is answered only when checked. */
export function isFilled(field: Pick<TField, 'type' | 'required'>, value: string | null | undefined): boolean {
  if (value === null || value === undefined || value.trim() === '') return false;
  if (field.type === 'checkbox' && field.required) return value === 'true';
  return true;
}

/** What the product already knows for a field the signer has not filled: their name and email. */
export function prefill(field: Pick<TField, 'type' | 'value'>, recipient: TSigningSession['recipient']): string | null {
  if (field.value !== null) return field.value;
  if (field.type === 'name') return recipient.name;
  if (field.type === 'email') return recipient.email;
  return null;
}

/** The step to go to from `current`: the next one not yet filled, wrapping round; else simply the next. */
export function nextStep(steps: TField[], values: Record<string, string | null>, current: number): number {
  if (steps.length === 0) return -1;
  for (let offset = 1; offset <= steps.length; offset++) {
    const index = (current + offset) % steps.length;
    const step = steps[index];
    if (step && !isFilled(step, values[step.id])) return index;
  }
  return Math.min(current + 1, steps.length - 1);
}

/** The required fields still empty, in order: finishing waits for them. */
export function missingRequired(fields: TField[], values: Record<string, string | null>): TField[] {
  return guideSteps(fields).filter((field) => field.required && !isFilled(field, values[field.id]));
}

/** The 422 of POST …/complete names the fields still empty (errors[].path carries their ids); the first one we know. */
export function firstNamedField(fields: TField[], errors: { path: string }[]): TField | undefined {
  return fields.find((field) =>
    errors.some((error) => error.path.split('.').includes(field.id) || error.path === field.id),
  );
}
