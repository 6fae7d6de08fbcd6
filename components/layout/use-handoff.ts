'use client';

import { useEffect, useRef } from 'react';
import type { Handoff } from './use-deferred-widget';

/**
 * Once, right after a deferred widget mounts: take over focus and open if the
 * user pressed the placeholder. `open` differs per widget: a Popover button
 * toggles on click, a Listbox button on pointer down or ArrowDown.
 */
export function useHandoff({ openOnMount, focusOnMount }: Handoff, open: (button: HTMLButtonElement) => void) {
  const button = useRef<HTMLButtonElement>(null);
  const done = useRef(false);
  const opener = useRef(open);
  useEffect(() => {
    if (done.current || !button.current) return;
    done.current = true;
    if (focusOnMount || openOnMount) button.current.focus();
    if (openOnMount) opener.current(button.current);
  }, [openOnMount, focusOnMount]);
  return button;
}

export const openByClick = (button: HTMLButtonElement) => button.click();

export const openByArrowDown = (button: HTMLButtonElement) =>
  button.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', bubbles: true, cancelable: true }),
  );
