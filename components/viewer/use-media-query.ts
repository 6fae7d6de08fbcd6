'use client';

import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (the viewer is client-only, so no server value is needed). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The content width of an element in CSS px, following resizes; 0 until measured. */
export function useContentWidth(element: HTMLElement | null): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!element) return () => {};
      const observer = new ResizeObserver(onChange);
      observer.observe(element);
      return () => observer.disconnect();
    },
    [element],
  );
  return useSyncExternalStore(
    subscribe,
    () => (element ? element.clientWidth : 0),
    () => 0,
  );
}
