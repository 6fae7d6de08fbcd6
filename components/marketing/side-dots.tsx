'use client';

import { useEffect, useState } from 'react';

type Dot = { id: string; label: string };

/**
 * Dots at the right edge: each scrolls smoothly to its section, and
 * the one whose section crosses the middle of the viewport is highlighted.
 */
export function SideDots({ dots, label }: { dots: Dot[]; label: string }) {
  const [active, setActive] = useState(dots[0]?.id);

  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        const hit = entries.find((entry) => entry.isIntersecting);
        if (hit) setActive(hit.target.id);
      },
      // A one-pixel band across the middle of the viewport.
      { rootMargin: '-50% 0px -49% 0px' },
    );
    for (const { id } of dots) {
      const section = document.getElementById(id);
      if (section) observer.observe(section);
    }
    return () => observer.disconnect();
  }, [dots]);

  return (
    <nav
      aria-label={label}
      data-side-dots=""
      className="fixed top-1/2 right-3 z-20 hidden -translate-y-1/2 header-sections:block"
    >
      <ul className="flex flex-col gap-3">
        {dots.map((dot) => (
          <li key={dot.id}>
            <a
              href={`#${dot.id}`}
              aria-label={dot.label}
              title={dot.label}
              aria-current={active === dot.id ? 'location' : undefined}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(dot.id)?.scrollIntoView({ behavior: 'smooth' });
                setActive(dot.id);
              }}
              className="group flex h-6 w-6 items-center justify-center"
            >
              <span className="h-2.5 w-2.5 rounded-full border-2 border-primary-700 transition group-aria-[current]:scale-125 group-aria-[current]:bg-primary-700 dark:border-primary-300 dark:group-aria-[current]:bg-primary-300" />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
