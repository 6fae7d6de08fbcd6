import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/layout/site-header';
import { QueryProvider } from '@/components/query-provider';

/** The signed-in workspace: header and a content column. The proxy keeps signed-out visitors out. */
export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14">
        <QueryProvider>{children}</QueryProvider>
      </main>
    </>
  );
}
