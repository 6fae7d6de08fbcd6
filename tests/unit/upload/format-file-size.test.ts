import { describe, expect, it } from 'vitest';
import { formatFileSize } from '@/lib/upload/format-file-size';

describe('formatFileSize', () => {
  it('picks the unit and keeps one decimal at most', () => {
    expect(formatFileSize(0, 'en')).toBe('0 byte');
    expect(formatFileSize(812, 'en')).toBe('812 byte');
    expect(formatFileSize(46_285, 'en')).toBe('45.2 kB');
    expect(formatFileSize(25 * 1024 * 1024, 'en')).toBe('25 MB');
  });

  it('writes numbers the way the language does', () => {
    expect(formatFileSize(46_285, 'pt')).toBe('45,2 kB');
    expect(formatFileSize(46_285, 'cs')).toMatch(/^45,2\s?kB$/);
  });
});
