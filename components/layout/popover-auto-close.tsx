'use client';

import { useClose } from '@headlessui/react';
import { useEffect, useRef } from 'react';

/**
 * Rendered inside an open PopoverPanel: closes it on window resize or scroll
 * (the header's popovers), and on a press outside the popover. Headless UI has its
 * own outside click, but it treats every top-level body child except the one
 * holding the popover as "inside" (it expects one app root element), so a
 * click on <main> would not close it.
 */
export function PopoverAutoClose() {
  const close = useClose();
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const root = marker.current?.closest('[data-popover-root]');
    const onChange = () => close();
    const onPointerDown = (event: PointerEvent) => {
      if (root && !root.contains(event.target as Node)) close();
    };
    window.addEventListener('resize', onChange);
    window.addEventListener('scroll', onChange, { passive: true, capture: true });
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      window.removeEventListener('resize', onChange);
      window.removeEventListener('scroll', onChange, { capture: true });
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [close]);
  return <span ref={marker} hidden />;
}
