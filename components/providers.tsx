'use client';

import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The toast area loads after hydration rather than with every page's first
 * JavaScript: it shows nothing until a toast is raised, and the public pages
 * raise none. `toast()` callers import sonner themselves. React.lazy rather
 * than next/dynamic: next/dynamic's loader machinery is 1.5 kB gzipped of
 * first-load JavaScript that nothing else on the public pages needs.
 */
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

// Toasts follow the page's scheme, which is the `dark` class on <html> (set by the theme toggle).
function subscribeToScheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const readScheme = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');
const serverScheme = () => 'light' as const;

// False on the server and while hydrating, true after: the toaster, like next/dynamic's `ssr: false`, mounts only in the browser.
const subscribeToNothing = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** Client-side context shared by every page: toasts (the data cache is the (app) layout's QueryProvider). */
export function Providers({ children }: { children: ReactNode }) {
  const scheme = useSyncExternalStore(subscribeToScheme, readScheme, serverScheme);
  const mounted = useSyncExternalStore(subscribeToNothing, inBrowser, onServer);
  return (
    <>
      {children}
      {/* Below the 72 px header, so a toast never covers the avatar or the apps button. */}
      {mounted ? (
        <Suspense fallback={null}>
          <Toaster
            theme={scheme}
            position="top-right"
            offset={{ top: 84, right: 16, left: 16 }}
            mobileOffset={{ top: 80 }}
            richColors
            closeButton
            toastOptions={{ style: { width: '25rem', maxWidth: 'calc(100vw - 2rem)' } }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
