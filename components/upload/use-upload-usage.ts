'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUsage } from '@/lib/api/v1/usage';
import { v1Request } from '@/lib/client/v1-api';

const usageKey = ['v1', 'usage'] as const;
const readUsage = () => v1Request<TUsage>('/usage');

/**
 * The month's uploads against the plan's limit (GET /api/v1/usage), starting
 * from what the page's server render counted. `fresh()` asks the server again
 * (an upload from another tab counts too); null when that fails, and the
 * server's own check then decides.
 */
export function useUploadUsage(initial: TUsage) {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: usageKey, queryFn: readUsage, initialData: initial });
  const fresh = () =>
    queryClient.fetchQuery({ queryKey: usageKey, queryFn: readUsage, staleTime: 0 }).catch(() => null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: usageKey });
  return { usage: data, fresh, refresh };
}

/** Nothing left this month on a plan with a limit. */
export const usedUp = (usage: TUsage | null): boolean => usage?.documents.remaining === 0;
