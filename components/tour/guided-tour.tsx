'use client';

import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

export type TTourStep = {
  /** A data-tour id (`upload` finds `[data-tour="upload"]`) or any CSS selector. */
  target: string;
  /** Looked up when the target is not on the page (e.g. the tab that shows a hidden panel). */
  fallback?: string;
  title: string;
  body: string;
};

export type TGuidedTourText = {
  next: string;
  skip: string;
  done: string;
  progress: (current: number, total: number) => string;
};

type Props = {
  steps: readonly TTourStep[];
  /** The tour state's index (tour-state.ts); -1 shows nothing. */
  index: number;
  hasNext: boolean;
  onNext: () => void;
  /** Skip, Escape, and Done on the last step. */
  onEnd: () => void;
  text: TGuidedTourText;
};

/**
 * How much of the viewport's top and bottom fixed or sticky chrome covers
 * (the site header, a phone's bottom bar): both sit above the tour's layers,
 * so the popover keeps clear of them.
 */
export function coveredEdges(): { top: number; bottom: number } {
  const edges = { top: 0, bottom: 0 };
  const height = window.innerHeight;
  for (const element of document.querySelectorAll<HTMLElement>('header, nav, [data-tour-inset]')) {
    const { position } = getComputedStyle(element);
    if (position !== 'fixed' && position !== 'sticky') continue;
    const rect = element.getBoundingClientRect();
    if (rect.height === 0 || rect.height > height / 2) continue;
    if (rect.top <= 1) edges.top = Math.max(edges.top, rect.bottom);
    else if (rect.bottom >= height - 1) edges.bottom = Math.max(edges.bottom, height - rect.top);
  }
  return edges;
}

export function findTourTarget(target: string): HTMLElement | null {
  try {
    return document.querySelector<HTMLElement>(/^[\w-]+$/.test(target) ? `[data-tour="${target}"]` : target);
  } catch {
    return null; // not a valid selector: the step shows centred, without a highlight
  }
}

/**
 * A guided tour's current step: the target is outlined inside a dimmed page
 * and a popover beside it says what it is. The page stays usable (the dim
 * layer lets clicks through), while keyboard focus is held in the popover:
 * Tab cycles its buttons, Escape skips the tour. Both layers sit under the
 * sticky header (z-30), so its menus and the mobile sidebar open above the
 * tour, and under every modal dialog.
 */
export function GuidedTour({ steps, index, ...rest }: Props) {
  const step = steps[index];
  if (!step || typeof document === 'undefined') return null;
  return createPortal(<TourStep key={index} step={step} index={index} count={steps.length} {...rest} />, document.body);
}

function TourStep({
  step,
  index,
  count,
  hasNext,
  onNext,
  onEnd,
  text,
}: Omit<Props, 'steps'> & { step: TTourStep; count: number }) {
  const id = useId();
  const popover = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  // Mounted in the browser only, once per step (keyed by index), so the target is looked up once.
  const [target] = useState(
    () => findTourTarget(step.target) ?? (step.fallback ? findTourTarget(step.fallback) : null),
  );
  const [rect, setRect] = useState<DOMRect | null>(null);
  const [padding] = useState(() => {
    const edges = coveredEdges();
    return { top: edges.top + 8, bottom: edges.bottom + 8, left: 8, right: 8 };
  });
  const { refs, floatingStyles } = useFloating({
    placement: 'bottom',
    strategy: 'fixed',
    // A target taller than the room beside it (a document's pages) gets the popover over it rather than off screen.
    middleware: [offset(14), flip({ padding }), shift({ padding, crossAxis: true })],
    elements: { reference: target },
    whileElementsMounted: autoUpdate,
  });

  // Braces: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup function.
  useLayoutEffect(() => {
    void target?.scrollIntoView({ block: 'center', inline: 'nearest' });
  }, [target]);

  // The highlight follows the target through scrolling, resizing and layout changes.
  useEffect(() => {
    const floating = popover.current;
    if (!target || !floating) return;
    return autoUpdate(target, floating, () => setRect(target.getBoundingClientRect()));
  }, [target]);

  useEffect(() => {
    primary.current?.focus({ preventScroll: true });
  }, [index]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEnd();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [...(popover.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const next = buttons[(at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length];
    event.preventDefault();
    next?.focus();
  };

  const pad = 6;
  return (
    <>
      {rect ? (
        <div
          aria-hidden="true"
          data-tour-spotlight=""
          className="pointer-events-none fixed z-[25] rounded-lg outline-2 outline-offset-2 outline-primary-400 transition-all duration-200 outline-solid"
          style={{
            top: rect.top - pad,
            left: rect.left - pad,
            width: rect.width + pad * 2,
            height: rect.height + pad * 2,
            boxShadow: '0 0 0 9999px rgb(0 0 0 / 0.45)',
          }}
        />
      ) : null}
      <div
        ref={(element) => {
          popover.current = element;
          refs.setFloating(element);
        }}
        role="dialog"
        aria-modal="false"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        data-tour-popover=""
        data-tour-step={index}
        onKeyDown={onKeyDown}
        style={target ? floatingStyles : undefined}
        className={`z-[26] w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-surface-border bg-surface-raised p-5 text-ink shadow-2xl ${target ? '' : 'fixed top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2'}`}
      >
        <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
          {text.progress(index + 1, count)}
        </p>
        <h2 id={`${id}-title`} className="mt-1 text-lg font-bold">
          {step.title}
        </h2>
        <p id={`${id}-body`} className="mt-2 text-ink-muted">
          {step.body}
        </p>
        <div className="mt-5 flex items-center justify-between gap-3">
          <button
            type="button"
            onClick={onEnd}
            className="rounded-lg px-3 py-2 font-semibold text-ink-muted hover:bg-surface-sunken hover:text-ink"
            data-tour-skip=""
          >
            {text.skip}
          </button>
          <button
            ref={primary}
            type="button"
            onClick={hasNext ? onNext : onEnd}
            className="rounded-lg bg-primary-700 px-5 py-2 font-semibold text-white hover:bg-primary-800"
            data-tour-next=""
          >
            {hasNext ? text.next : text.done}
          </button>
        </div>
      </div>
    </>
  );
}
