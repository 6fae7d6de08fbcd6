'use client';

import { usePathname } from 'next/navigation';
import type { HeaderLinks } from './nav-items';
import { useSessionUser } from './use-session-user';

/**
 * Which of the header's lists to show: the rooms on the signed-in pages, the
 * sections on the public ones; on a `shared` page the rooms once the session
 * says someone is signed in. Until it answers, `hinted` says a session is
 * probably there (session-hint.ts): the sections then stay invisible, their
 * space kept, rather than flash before the rooms replace them.
 * `current`: the room whose page this is (aria-current).
 */
export function useHeaderLinks(links: HeaderLinks) {
  const user = useSessionUser();
  const pathname = usePathname();
  const rooms = links.area === 'app' || (links.area === 'shared' && user !== null);
  const current = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  return { rooms, hinted: links.area === 'shared' && !rooms, current };
}
