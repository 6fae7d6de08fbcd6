'use client';

import dynamic from 'next/dynamic';
import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * The toast area loads after hydration rather than with every page's first
 * JavaScript: it shows nothing until a toast is raised, and the public pages
 * raise none. `toast()` callers import sonner themselves.
 */
const Toaster = dynamic(() => import('sonner').then((module) => module.Toaster), { ssr: false });

// Toasts follow the page's scheme, which is the `dark` class on <html> (set by the theme toggle).
function subscribeToScheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const readScheme = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');
const serverScheme = () => 'light' as const;

/** Client-side context shared by every page: toasts (the data cache is the (app) layout's QueryProvider). */
export function Providers({ children }: { children: ReactNode }) {
  const scheme = useSyncExternalStore(subscribeToScheme, readScheme, serverScheme);
  return (
    <>
      {children}
      {/* Below the 72 px header, so a toast never covers the avatar or the apps button. */}
      <Toaster
        theme={scheme}
        position="top-right"
        offset={{ top: 84, right: 16 }}
        mobileOffset={{ top: 80 }}
        richColors
        closeButton
        toastOptions={{ style: { width: '25rem', maxWidth: 'calc(100vw - 2rem)' } }}
      />
    </>
  );
}
