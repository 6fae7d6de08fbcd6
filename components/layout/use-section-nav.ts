'use client';

import type { MouseEvent } from 'react';
import type { HeaderNavLink } from './nav-items';

/**
 * Header navigation: on the landing page Home scrolls smoothly to the top and the
 * other items to their section; elsewhere every item navigates to /web with
 * the section as fragment (HashScroll then scrolls after 100 ms).
 * `onLanding` comes from the server: the landing page renders its own header.
 */
export function useSectionNav(onLanding: boolean, onNavigate?: () => void) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>, item: HeaderNavLink) => {
    onNavigate?.();
    if (!onLanding || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const { pathname: path, search } = window.location;
    if (item.id === 'Home') {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      window.history.replaceState(window.history.state, '', `${path}${search}`);
      return;
    }
    document.getElementById(item.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Keep the fragment in the URL so a reload or a language switch lands on the same section.
    window.history.replaceState(window.history.state, '', `${path}${search}#${item.id}`);
  };

  // On the landing page these links only scroll, so prefetching the page they
  // name would fetch and parse a copy of the page being read, for nothing.
  const prefetch = onLanding ? false : undefined;

  return { onClick, prefetch };
}
