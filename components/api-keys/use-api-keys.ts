'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiKey, TCreateApiKeyInput, TCreatedApiKey } from '@/lib/api/v1/api-keys';
import { v1Request } from '@/lib/client/v1-api';

const apiKeysKey = ['v1', 'api-keys'] as const;

/** The signed-in owner's live API keys, and creating and revoking them (session-only endpoints). */
export function useApiKeys() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: apiKeysKey });
  return {
    list: useQuery({ queryKey: apiKeysKey, queryFn: () => v1Request<{ items: TApiKey[] }>('/api-keys') }),
    create: useMutation({
      mutationFn: (body: TCreateApiKeyInput) => v1Request<TCreatedApiKey>('/api-keys', { method: 'POST', body }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => v1Request<unknown>(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}
