'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import type { HeaderLinks } from './nav-items';
import { useHeaderLinks } from './use-header-links';
import { useSectionNav } from './use-section-nav';

/** Translated by SiteHeader. */
export type MobileSidebarText = { open: string; close: string; mobileLabel: string; brand: string };

const BREAKPOINTS = ['(min-width: 1166px)', '(min-width: 600px)'];

const ITEM =
  'block rounded-lg px-4 py-3 text-lg font-medium hover:bg-surface-sunken aria-[current=page]:bg-surface-sunken';

/**
 * Hamburger and left slide-in sidebar below 1166 px: 0.3 s slide,
 * close button, closes on a mousedown outside, on choosing an item, on a
 * breakpoint change (and on Escape); full width below 600 px. Its links are the
 * desktop nav's: the landing page's sections, or the workspace's rooms once signed in.
 */
export function MobileSidebar({
  links,
  text,
  onLanding,
}: {
  links: HeaderLinks;
  text: MobileSidebarText;
  onLanding: boolean;
}) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  const { onClick, prefetch } = useSectionNav(onLanding, close);
  const { rooms, current } = useHeaderLinks(links);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('[data-sidebar-close]')?.focus();
    const onMouseDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onBreakpoint = () => setOpen(false);
    const queries = BREAKPOINTS.map((query) => window.matchMedia(query));
    queries.forEach((query) => query.addEventListener('change', onBreakpoint));
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      queries.forEach((query) => query.removeEventListener('change', onBreakpoint));
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="nav:hidden">
      <button
        ref={toggle}
        type="button"
        aria-label={text.open}
        aria-expanded={open}
        aria-controls="mobile-sidebar"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink transition hover:bg-surface-sunken"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <div
        aria-hidden="true"
        className={`fixed inset-0 z-overlay bg-black/40 transition-opacity duration-300 ${open ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
      />
      <div
        ref={panel}
        id="mobile-sidebar"
        inert={!open}
        data-open={open ? '' : undefined}
        className={`fixed inset-y-0 left-0 z-overlay flex w-full flex-col bg-surface-raised shadow-2xl duration-300 sidebar-partial:w-80 ${open ? 'visible translate-x-0 transition-[translate]' : 'invisible -translate-x-full transition-[translate,visibility]'}`}
      >
        <div className="flex h-[72px] items-center justify-between border-b border-surface-border px-4">
          <span className="text-lg font-bold text-primary-700 dark:text-primary-300">{text.brand}</span>
          <button
            type="button"
            data-sidebar-close=""
            aria-label={text.close}
            onClick={() => {
              setOpen(false);
              toggle.current?.focus();
            }}
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink transition hover:bg-surface-sunken"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <nav aria-label={text.mobileLabel} className="overflow-y-auto p-4">
          <ul className="flex flex-col gap-1">
            {rooms
              ? links.rooms.map((room) => (
                  <li key={room.id}>
                    {/* Plain <a>: a protected page is not prefetched: the prefetch would start a sign-in nobody asked for. */}
                    <a
                      href={room.href}
                      aria-current={current(room.href) ? 'page' : undefined}
                      onClick={close}
                      className={ITEM}
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
                      className={ITEM}
                      data-nav={item.id}
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
