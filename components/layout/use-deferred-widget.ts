'use client';

import { useCallback, useRef, useState, type ComponentType, type PointerEvent } from 'react';

/** What the real widget must do when it replaces its placeholder trigger. */
export type Handoff = { openOnMount: boolean; focusOnMount: boolean };

/**
 * Headless UI's Listbox and Popover (with floating-ui and focus utilities)
 * weigh more than the rest of the header together. The header therefore
 * renders a look-alike trigger and loads the real widget on the first sign of
 * intent (pointer over, focus, press); the widget then takes over focus and,
 * after a click, opens itself. `loader` must be a stable, module-level function.
 *
 * The swap never happens while a press on the placeholder is under way: the
 * release and its click must land on the element that saw the press. Swapped
 * mid-press, the click could reach the real button as well as the handoff and
 * open the widget twice (a toggle back to closed, which left Headless UI's
 * enter transition stuck half-open), or leave focus outside it so Escape did
 * nothing.
 */
export function useDeferredWidget<P>(loader: () => Promise<ComponentType<P & Handoff>>) {
  const [Widget, setWidget] = useState<ComponentType<P & Handoff> | null>(null);
  const [handoff, setHandoff] = useState<Handoff>({ openOnMount: false, focusOnMount: false });
  const [pressing, setPressing] = useState(false);
  const started = useRef(false);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    void loader().then((component) => setWidget(() => component));
  }, [loader]);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    load();
    // Only a main-button press can click (a right press may open a context menu that swallows its release).
    if (!event.isPrimary || event.button !== 0) return;
    setPressing(true);
    // The press ends on release or cancel, wherever the pointer is by then. The click (if any)
    // is dispatched right after the release, in the same task: the swap waits for the next one.
    const end = () => {
      window.removeEventListener('pointerup', end, true);
      window.removeEventListener('pointercancel', end, true);
      window.setTimeout(() => setPressing(false), 0);
    };
    window.addEventListener('pointerup', end, true);
    window.addEventListener('pointercancel', end, true);
  };

  const triggerProps = {
    onPointerEnter: load,
    onFocus: () => {
      setHandoff((current) => ({ ...current, focusOnMount: true }));
      load();
    },
    onBlur: () => setHandoff((current) => ({ ...current, focusOnMount: false })),
    onPointerDown,
    // A click (a full press, or Enter/Space on the focused placeholder) asks for the widget open.
    onClick: () => {
      setHandoff({ openOnMount: true, focusOnMount: true });
      load();
    },
  };

  return { Widget: pressing ? null : Widget, handoff, triggerProps };
}
