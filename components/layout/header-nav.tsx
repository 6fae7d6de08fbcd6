'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { NAV_ITEMS } from './nav-items';
import { useSectionNav } from './use-section-nav';

const linkClass =
  'rounded-lg px-3 py-2 font-medium text-ink-muted transition hover:bg-surface-sunken hover:text-ink';

/** Desktop nav from 1166 px; below it MobileSidebar takes over (SPEC §2 Header). */
export function HeaderNav() {
  const t = useTranslations('landing.nav');
  const { hrefOf, onClick, prefetch } = useSectionNav();
  return (
    <nav aria-label={t('label')} className="hidden nav:block">
      <ul className="flex items-center gap-1">
        {NAV_ITEMS.map((item) => (
          <li key={item.id}>
            <Link href={hrefOf(item)} prefetch={prefetch} onClick={(event) => onClick(event, item)} className={linkClass} data-nav={item.id}>
              {t(item.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
