'use client';

import { useEffect } from 'react';

/**
 * Sections marked data-reveal="left|right" slide in when 10 % of them is in
 * view (threshold 0.1) by toggling the `visible` class. Only
 * sections still below the fold are armed, so nothing on the first screen is
 * hidden (no flash, no LCP delay), and the page stays fully visible without
 * JavaScript or with prefers-reduced-motion.
 */
export function RevealObserver() {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const sections = [...document.querySelectorAll<HTMLElement>('[data-reveal]')].filter(
      (section) => section.getBoundingClientRect().top > window.innerHeight,
    );
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          entry.target.classList.toggle('visible', entry.isIntersecting && entry.intersectionRatio >= 0.1);
        }
      },
      { threshold: [0, 0.1] },
    );
    // Hide the armed sections at once: a fade-out nobody sees would only confuse contrast checkers.
    for (const section of sections) {
      section.style.transition = 'none';
      section.classList.add('reveal-armed');
    }
    void document.body.offsetHeight;
    for (const section of sections) {
      section.style.transition = '';
      observer.observe(section);
    }
    return () => {
      observer.disconnect();
      for (const section of sections) section.classList.remove('reveal-armed', 'visible');
    };
  }, []);
  return null;
}
