import type { ReactNode } from 'react';
import { QueryProvider } from '@/components/query-provider';
import { SigningHeader } from '@/components/signing/signing-header';

/** The signer's pages (/sign/{token}): no account, no site navigation; the page sizes its own column. */
export default function SigningLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SigningHeader />
      <main id="main" className="mx-auto w-full max-w-7xl px-2 py-3 sm:px-4 sm:py-6">
        <QueryProvider>{children}</QueryProvider>
      </main>
    </>
  );
}
