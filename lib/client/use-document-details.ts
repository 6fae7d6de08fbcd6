'use client';
import { useQuery } from '@tanstack/react-query';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import { v1Request } from './v1-api';

/** One cache entry per document, shared by every panel of the workspace (viewer, fields, recipients, send). */
export const documentDetailsKey = (id: string) => ['v1', 'document', id] as const;

export function useDocumentDetails(id: string, initialData?: TDocumentDetails) {
  return useQuery({
    queryKey: documentDetailsKey(id),
    queryFn: () => v1Request<TDocumentDetails>(`/documents/${encodeURIComponent(id)}`),
    initialData,
  });
}
