'use client';

import { useCallback, useRef, useState, type ComponentType } from 'react';

/** What the real widget must do when it replaces its placeholder trigger. */
export type Handoff = { openOnMount: boolean; focusOnMount: boolean };

/**
 * Headless UI's Listbox and Popover (with floating-ui and focus utilities)
 * weigh more than the rest of the header together. The header therefore
 * renders a look-alike trigger and loads the real widget on the first sign of
 * intent (pointer over, focus, press); the widget then takes over focus and,
 * after a press, opens itself. `loader` must be a stable, module-level function.
 */
export function useDeferredWidget<P>(loader: () => Promise<ComponentType<P & Handoff>>) {
  const [Widget, setWidget] = useState<ComponentType<P & Handoff> | null>(null);
  const [handoff, setHandoff] = useState<Handoff>({ openOnMount: false, focusOnMount: false });
  const started = useRef(false);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    void loader().then((component) => setWidget(() => component));
  }, [loader]);

  const open = () => {
    setHandoff({ openOnMount: true, focusOnMount: true });
    load();
  };

  const triggerProps = {
    onPointerEnter: load,
    onFocus: () => {
      setHandoff((current) => ({ ...current, focusOnMount: true }));
      load();
    },
    onBlur: () => setHandoff((current) => ({ ...current, focusOnMount: false })),
    // Pointer down as well as click: if the widget swaps in mid-press, the click lands elsewhere.
    onPointerDown: open,
    onClick: open,
  };

  return { Widget, handoff, triggerProps };
}
