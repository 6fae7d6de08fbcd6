'use client';

import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDocumentList } from '@/lib/api/v1/documents';
import { v1Request } from '@/lib/client/v1-api';
import { filtersQuery, type TDashboardFilters } from './use-dashboard-filters';

/** Rows per page of the dashboard (the API allows up to 100). */
export const PAGE_SIZE = 20;

export const documentListKey = (filters?: TDashboardFilters) =>
  filters ? (['v1', 'documents', filters] as const) : (['v1', 'documents'] as const);

function listPath(filters: TDashboardFilters, cursor: string | null): string {
  const params = new URLSearchParams(filtersQuery(filters));
  params.set('limit', String(PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/documents?${params}`;
}

/** The owner's documents for these filters, page by page (keyset cursors from the API). */
export function useDocumentList(filters: TDashboardFilters) {
  return useInfiniteQuery({
    queryKey: documentListKey(filters),
    queryFn: ({ pageParam }) => v1Request<TDocumentList>(listPath(filters, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The old rows stay while a new search loads, instead of the list flashing empty.
    placeholderData: keepPreviousData,
  });
}

const documentPath = (id: string, action = '') => `/documents/${encodeURIComponent(id)}${action}`;

/** remind, cancel, retry a failed seal and delete; each refreshes every list page when it succeeds. */
export function useDocumentActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: documentListKey() });
  return {
    remind: useMutation({
      mutationFn: (id: string) => v1Request<unknown>(documentPath(id, '/remind'), { method: 'POST' }),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        v1Request<unknown>(documentPath(id, '/cancel'), { method: 'POST', body: { reason } }),
      onSuccess,
    }),
    retrySeal: useMutation({
      mutationFn: (id: string) => v1Request<unknown>(documentPath(id, '/retry-seal'), { method: 'POST' }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => v1Request<unknown>(documentPath(id), { method: 'DELETE' }),
      onSuccess,
    }),
  };
}
