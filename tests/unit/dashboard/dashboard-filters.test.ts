import { describe, expect, it } from 'vitest';
import { filtersQuery, readFilters } from '@/components/dashboard/use-dashboard-filters';

describe('dashboard filters in the address', () => {
  it('reads a search and a known status', () => {
    expect(readFilters(new URLSearchParams('q=%20invoice%20&status=pending'))).toEqual({
      q: 'invoice',
      status: 'pending',
    });
  });

  it('ignores an unknown status and cuts an over-long search to the API limit', () => {
    const filters = readFilters(new URLSearchParams(`status=PENDING&q=${'x'.repeat(300)}`));
    expect(filters.status).toBeNull();
    expect(filters.q).toHaveLength(200);
    expect(readFilters(new URLSearchParams(''))).toEqual({ q: '', status: null });
  });

  it('writes only what is set, and round-trips', () => {
    expect(filtersQuery({ q: '', status: null })).toBe('');
    expect(filtersQuery({ q: 'Contract 07', status: null })).toBe('?q=Contract+07');
    const query = filtersQuery({ q: 'a&b', status: 'sealing_failed' });
    expect(query).toBe('?q=a%26b&status=sealing_failed');
    expect(readFilters(new URLSearchParams(query))).toEqual({ q: 'a&b', status: 'sealing_failed' });
  });
});
