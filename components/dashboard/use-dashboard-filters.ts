'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { ZDocumentStatus, type TDocumentStatus } from '@/lib/api/v1/enums';

export type TDashboardFilters = { q: string; status: TDocumentStatus | null };

/** How long typing must pause before the search runs (and lands in the address). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The filters an address carries (`?q=&status=`); an unknown status is no filter. */
export function readFilters(params: Pick<URLSearchParams, 'get'>): TDashboardFilters {
  const status = ZDocumentStatus.safeParse(params.get('status'));
  return { q: (params.get('q') ?? '').trim().slice(0, 200), status: status.success ? status.data : null };
}

/** The same filters as a query string for the address and the API (`''` without filters). */
export function filtersQuery(filters: TDashboardFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The dashboard's search and status filter, kept in the address with
 * replaceState (Next keeps useSearchParams in step), so a reload or coming
 * back from a document shows the same list. The search text is debounced.
 */
export function useDashboardFilters() {
  const params = useSearchParams();
  const [initial] = useState(() => readFilters(params));
  const [text, setText] = useState(initial.q);
  const [filters, setFilters] = useState<TDashboardFilters>(initial);

  useEffect(() => {
    const q = text.trim().slice(0, 200);
    if (q === filters.q) return;
    const timer = window.setTimeout(() => setFilters((current) => ({ ...current, q })), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, filters.q]);

  useEffect(() => {
    const next = `${window.location.pathname}${filtersQuery(filters)}${window.location.hash}`;
    if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
      window.history.replaceState(window.history.state, '', next);
  }, [filters]);

  return {
    text,
    setText,
    filters,
    setStatus: (status: TDocumentStatus | null) => setFilters((current) => ({ ...current, status })),
    clear: () => {
      setText('');
      setFilters({ q: '', status: null });
    },
  };
}
