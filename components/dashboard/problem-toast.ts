'use client';

import { toast } from 'sonner';
import { ApiProblem } from '@/lib/client/v1-api';

/**
 * A failed call as a toast: the title says what did not happen, the
 * description why (the problem's `detail`, else the fallback, e.g. offline).
 */
export function toastProblem(title: string, error: unknown, fallback: string) {
  const detail = error instanceof ApiProblem ? (error.detail ?? fallback) : fallback;
  toast.error(title, { description: detail, duration: 10_000 });
}
