import { describe, expect, it } from 'vitest';
import type { TField } from '@/lib/api/v1/fields';
import { firstNamedField, guideSteps, isFilled, missingRequired, nextStep, prefill } from '@/lib/signing/signing-steps';

const field = (id: string, type: TField['type'], extra: Partial<TField> = {}): TField => ({
  id,
  recipientId: 'r1',
  type,
  page: 1,
  x: 0,
  y: 0,
  width: 10,
  height: 10,
  required: true,
  value: null,
  ...extra,
});
const recipient = { name: 'Ana Silva', email: 'ana@example.com', role: 'signer' as const, status: 'opened' as const };

describe("the signer's guide", () => {
  const fields = [
    field('s', 'signature'),
    field('d', 'date'),
    field('n', 'name'),
    field('c', 'checkbox'),
    field('o', 'text', { required: false }),
  ];

  it('visits every field but the date the server fills, in the order given', () => {
    expect(guideSteps(fields).map((step) => step.id)).toEqual(['s', 'n', 'c', 'o']);
  });

  it('counts a required checkbox as filled only when ticked, an optional one once answered', () => {
    expect(isFilled(field('c', 'checkbox'), 'false')).toBe(false);
    expect(isFilled(field('c', 'checkbox'), 'true')).toBe(true);
    expect(isFilled(field('c', 'checkbox', { required: false }), 'false')).toBe(true);
    expect(isFilled(field('t', 'text'), '   ')).toBe(false);
    expect(isFilled(field('t', 'text'), null)).toBe(false);
  });

  it("prefills name and email with the recipient's, and keeps a stored value", () => {
    expect(prefill(field('n', 'name'), recipient)).toBe('Ana Silva');
    expect(prefill(field('e', 'email'), recipient)).toBe('ana@example.com');
    expect(prefill(field('n', 'name', { value: 'A. Silva' }), recipient)).toBe('A. Silva');
    expect(prefill(field('t', 'text'), recipient)).toBeNull();
  });

  it('goes to the next field still empty, wrapping round, and simply onward when all are filled', () => {
    const steps = guideSteps(fields);
    expect(nextStep(steps, { s: null, n: 'Ana', c: null, o: null }, 0)).toBe(2);
    expect(nextStep(steps, { s: null, n: 'Ana', c: 'true', o: 'x' }, 2)).toBe(0);
    expect(nextStep(steps, { s: 'sig', n: 'Ana', c: 'true', o: 'x' }, 1)).toBe(2);
    expect(nextStep(steps, { s: 'sig', n: 'Ana', c: 'true', o: 'x' }, 3)).toBe(3);
    expect(nextStep([], {}, 0)).toBe(-1);
  });

  it('names the required fields still empty, and finds a field the 422 names', () => {
    expect(missingRequired(fields, { s: null, n: 'Ana', c: 'false', o: null }).map((step) => step.id)).toEqual([
      's',
      'c',
    ]);
    expect(firstNamedField(fields, [{ path: 'fields.c' }])?.id).toBe('c');
    expect(firstNamedField(fields, [{ path: 'n' }])?.id).toBe('n');
    expect(firstNamedField(fields, [{ path: 'body' }])).toBeUndefined();
  });
});
