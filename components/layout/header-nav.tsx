'use client';

import Link from 'next/link';
import type { HeaderNavLink } from './nav-items';
import { useSectionNav } from './use-section-nav';

const linkClass =
  'rounded-lg px-3 py-2 font-medium text-ink-muted transition hover:bg-surface-sunken hover:text-ink';

/** Desktop nav from 1166 px; below it MobileSidebar takes over (SPEC §2 Header). Text and addresses come from SiteHeader. */
export function HeaderNav({ links, label, onLanding }: { links: HeaderNavLink[]; label: string; onLanding: boolean }) {
  const { onClick, prefetch } = useSectionNav(onLanding);
  return (
    <nav aria-label={label} className="hidden nav:block">
      <ul className="flex items-center gap-1">
        {links.map((item) => (
          <li key={item.id}>
            <Link href={item.href} prefetch={prefetch} onClick={(event) => onClick(event, item)} className={linkClass} data-nav={item.id}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
