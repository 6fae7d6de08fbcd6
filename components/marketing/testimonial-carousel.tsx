'use client';

import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import { useEffect, useRef, type ReactNode } from 'react';

type Labels = { region: string; previous: string; next: string };
/** The arrow buttons' icons, rendered by the server (see FaqAccordion's chevron). */
type Icons = { previous: ReactNode; next: ReactNode };

/**
 * Circular one-at-a-time carousel (20 px swipe threshold, 500 ms slide,
 * loop). The slides are server-rendered children; swiper's core is imported
 * only when the carousel comes near the viewport, so it never weighs on the
 * first load. Until then the first slide simply shows.
 */
export function TestimonialCarousel({
  labels,
  icons,
  children,
}: {
  labels: Labels;
  icons: Icons;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const swiper = useRef<SwiperInstance | null>(null);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let cancelled = false;
    const load = async () => {
      const { default: Swiper } = await import('swiper');
      if (cancelled || swiper.current) return;
      swiper.current = new Swiper(element, {
        loop: true,
        slidesPerView: 1,
        slidesPerGroup: 1,
        threshold: 20,
        speed: 500,
      });
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      swiper.current?.destroy(true, true);
      swiper.current = null;
    };
  }, []);

  const button =
    'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-surface-border bg-surface-raised text-ink shadow-sm transition hover:border-primary-400 hover:text-primary-700 dark:hover:text-primary-300';

  return (
    <section aria-label={labels.region} className="mx-auto flex max-w-3xl items-center gap-2 sm:gap-4" data-carousel="">
      <button
        type="button"
        className={button}
        aria-label={labels.previous}
        onClick={() => swiper.current?.slidePrev()}
        data-carousel-prev=""
      >
        {icons.previous}
      </button>
      <div ref={root} className="swiper min-w-0 flex-1">
        <div className="swiper-wrapper" aria-live="polite">
          {children}
        </div>
      </div>
      <button
        type="button"
        className={button}
        aria-label={labels.next}
        onClick={() => swiper.current?.slideNext()}
        data-carousel-next=""
      >
        {icons.next}
      </button>
    </section>
  );
}
