'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUsage } from '@/lib/api/v1/usage';
import { v1Request } from '@/lib/client/v1-api';

const usageKey = (workspace?: string) => ['v1', 'usage', workspace ?? 'current'] as const;

/**
 * The month's uploads against the plan's limit (GET /api/v1/usage, in `workspace` when named), starting
 * from what the page's server render counted. `fresh()` asks the server again
 * (an upload from another tab counts too); null when that fails, and the
 * server's own check then decides.
 */
export function useUploadUsage(initial: TUsage, workspace?: string) {
  const queryClient = useQueryClient();
  const queryKey = usageKey(workspace);
  const readUsage = () => v1Request<TUsage>('/usage', { workspace });
  const { data } = useQuery({ queryKey, queryFn: readUsage, initialData: initial });
  const fresh = () => queryClient.fetchQuery({ queryKey, queryFn: readUsage, staleTime: 0 }).catch(() => null);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  return { usage: data, fresh, refresh };
}

/** Nothing left this month on a plan with a limit. */
export const usedUp = (usage: TUsage | null): boolean => usage?.documents.remaining === 0;
