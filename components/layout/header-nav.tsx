'use client';

import Link from 'next/link';
import type { HeaderLinks } from './nav-items';
import { useHeaderLinks } from './use-header-links';
import { useSectionNav } from './use-section-nav';

const linkClass =
  'rounded-lg px-3 py-2 font-medium text-ink-muted transition hover:bg-surface-sunken hover:text-ink aria-[current=page]:bg-surface-sunken aria-[current=page]:text-ink';

/**
 * Desktop nav from 1166 px; below it MobileSidebar takes over: the landing page's sections, or
 * the workspace's rooms once signed in (use-header-links.ts). Text and addresses come from SiteHeader.
 */
export function HeaderNav({ links, label, onLanding }: { links: HeaderLinks; label: string; onLanding: boolean }) {
  const { onClick, prefetch } = useSectionNav(onLanding);
  const { rooms, hinted, current } = useHeaderLinks(links);
  return (
    <nav aria-label={label} className="hidden nav:block">
      <ul className={`flex items-center gap-1 ${hinted ? '[[data-session-hint=in]_&]:invisible' : ''}`}>
        {rooms
          ? links.rooms.map((room) => (
              <li key={room.id}>
                {/* Plain <a>: a protected page is not prefetched: the prefetch would start a sign-in nobody asked for. */}
                <a
                  href={room.href}
                  aria-current={current(room.href) ? 'page' : undefined}
                  className={linkClass}
                  data-nav={room.id}
                >
                  {room.label}
                </a>
              </li>
            ))
          : links.sections.map((item) => (
              <li key={item.id}>
                <Link
                  href={item.href}
                  prefetch={prefetch}
                  onClick={(event) => onClick(event, item)}
                  className={linkClass}
                  data-nav={item.id}
                >
                  {item.label}
                </Link>
              </li>
            ))}
      </ul>
    </nav>
  );
}
