import { describe, expect, it } from 'vitest';
import { formatFileSize } from '@/lib/upload/format-file-size';

// The number and unit are joined by a no-break space; compare with plain spaces.
const size = (bytes: number, locale: string) => formatFileSize(bytes, locale).replace(/\u00a0/g, ' ');

describe('formatFileSize', () => {
  it('picks the unit and keeps one decimal at most', () => {
    expect(size(0, 'en')).toBe('0 B');
    expect(size(812, 'en')).toBe('812 B');
    expect(size(46_285, 'en')).toBe('45.2 kB');
    expect(size(25 * 1024 * 1024, 'en')).toBe('25 MB');
  });

  it('writes numbers the way the language does', () => {
    expect(size(46_285, 'pt')).toBe('45,2 kB');
    expect(size(46_285, 'cs')).toMatch(/^45,2\s?kB$/);
    expect(formatFileSize(25 * 1024 * 1024, 'en')).not.toContain(' ');
  });
});
