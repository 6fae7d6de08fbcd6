import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, fieldErrorsFrom, presetFromSearch, ZContactRequest } from '@/lib/contact/contact-schema';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  topic: 'SALES',
  message: 'We would like a quote for 200 seats.',
  locale: 'en',
  plan: 'ENTERPRISE',
};

function errorsOf(input: unknown) {
  const parsed = ZContactRequest.safeParse(input);
  return parsed.success ? {} : fieldErrorsFrom(parsed.error.issues);
}

describe('ZContactRequest', () => {
  it('accepts a complete request and trims the text', () => {
    const parsed = ZContactRequest.parse({ ...valid, name: '  Ada Lovelace ', email: ' ada@example.com ' });
    expect(parsed).toEqual(valid);
  });

  it('accepts the minimum: no company, no plan, an empty honeypot', () => {
    const parsed = ZContactRequest.parse({ ...valid, company: '   ', plan: '', website: '' });
    expect(parsed.company).toBeUndefined();
    expect(parsed.plan).toBeUndefined();
    expect(parsed.website).toBeUndefined();
    const { company: _company, plan: _plan, ...minimal } = valid;
    expect(ZContactRequest.safeParse(minimal).success).toBe(true);
  });

  it('names each bad field with a stable key the form translates', () => {
    expect(errorsOf({ ...valid, name: '   ' })).toEqual({ name: 'required' });
    expect(errorsOf({ ...valid, email: 'ada@' })).toEqual({ email: 'invalidEmail' });
    expect(errorsOf({ ...valid, email: 'ada example.com' })).toEqual({ email: 'invalidEmail' });
    expect(errorsOf({ ...valid, topic: 'GOSSIP' })).toEqual({ topic: 'invalidChoice' });
    expect(errorsOf({ ...valid, topic: '' })).toEqual({ topic: 'invalidChoice' });
    expect(errorsOf({ ...valid, message: 'Hi there' })).toEqual({ message: 'tooShort' });
    expect(errorsOf({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) })).toEqual({ message: 'tooLong' });
    expect(errorsOf({ ...valid, company: 'c'.repeat(CONTACT_LIMITS.company + 1) })).toEqual({ company: 'tooLong' });
    expect(errorsOf({ ...valid, locale: 'de' })).toEqual({ locale: 'invalidChoice' });
    expect(errorsOf({ ...valid, plan: 'GOLD' })).toEqual({ plan: 'invalidChoice' });
    expect(errorsOf({ ...valid, company: 42 })).toEqual({ company: 'invalid' });
  });

  it('reports every missing required field at once', () => {
    expect(errorsOf({})).toEqual({
      name: 'required',
      email: 'required',
      topic: 'invalidChoice',
      message: 'required',
      locale: 'invalidChoice',
    });
  });

  it('rejects what is not an object', () => {
    expect(ZContactRequest.safeParse(null).success).toBe(false);
    expect(ZContactRequest.safeParse(['Ada']).success).toBe(false);
  });
});

describe('fieldErrorsFrom', () => {
  it('keeps the first error per field, from zod paths or problem+json paths', () => {
    expect(
      fieldErrorsFrom([
        { path: ['email'], message: 'required' },
        { path: ['email'], message: 'invalidEmail' },
        { path: 'message', message: 'tooShort' },
      ]),
    ).toEqual({ email: 'required', message: 'tooShort' });
  });
});

describe('presetFromSearch', () => {
  it('maps the Enterprise button (and ?plan=enterprise) to the sales topic and Enterprise plan', () => {
    expect(presetFromSearch('?topic=enterprise')).toEqual({ topic: 'SALES', plan: 'ENTERPRISE' });
    expect(presetFromSearch('?plan=Enterprise')).toEqual({ topic: 'SALES', plan: 'ENTERPRISE' });
  });

  it('preselects a known topic and ignores unknown values', () => {
    expect(presetFromSearch('?topic=press')).toEqual({ topic: 'PRESS' });
    expect(presetFromSearch('?plan=pro')).toEqual({ topic: 'SALES', plan: 'PRO' });
    expect(presetFromSearch('?topic=<script>&plan=gold')).toEqual({});
    expect(presetFromSearch('')).toEqual({});
  });
});
