'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';

/**
 * The toast area loads after hydration rather than with every page's first
 * JavaScript: it shows nothing until a toast is raised, and the public pages
 * raise none. `toast()` callers import sonner themselves.
 */
const Toaster = dynamic(() => import('sonner').then((module) => module.Toaster), { ssr: false });

/** Client-side context shared by every page: data cache and toasts. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-right" richColors closeButton toastOptions={{ style: { width: '25rem', maxWidth: 'calc(100vw - 2rem)' } }} />
    </QueryClientProvider>
  );
}
