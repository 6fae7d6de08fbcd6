import { describe, expect, it } from 'vitest';
import { formatSigningDate } from '@/lib/signing/format-signing-date';

describe('formatSigningDate', () => {
  const date = new Date('2026-03-05T23:30:00Z');

  it('writes each owner format, in UTC', () => {
    expect(formatSigningDate(date)).toBe('2026-03-05');
    expect(formatSigningDate(date, 'dd/MM/yyyy')).toBe('05/03/2026');
    expect(formatSigningDate(date, 'MM/dd/yyyy')).toBe('03/05/2026');
    expect(formatSigningDate(date, 'dd.MM.yyyy')).toBe('05.03.2026');
  });

  it('spells the month in the language, declined as it reads inside a date', () => {
    expect(formatSigningDate(date, 'd MMMM yyyy', 'en')).toBe('5 March 2026');
    expect(formatSigningDate(date, 'd MMMM yyyy', 'pt')).toBe('5 março 2026');
    expect(formatSigningDate(date, 'd MMMM yyyy', 'es')).toBe('5 marzo 2026');
    expect(formatSigningDate(date, 'd MMMM yyyy', 'cs')).toBe('5 března 2026');
  });
});
