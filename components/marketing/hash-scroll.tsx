'use client';

import { useEffect } from 'react';

/** A #fragment in the URL scrolls smoothly to its anchor 100 ms after the page mounts (the header's section links from other pages). */
export function HashScroll() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const timer = window.setTimeout(() => {
      document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, 100);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
