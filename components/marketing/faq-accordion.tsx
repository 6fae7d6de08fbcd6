'use client';

import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

type Item = { id: string; question: string; answer: string };

const HEADER = '[data-faq-button]';
/** Panel animation time (400 ms), matching the `duration-[400ms]` classes below. */
const ANIMATION_MS = 400;

/**
 * The FAQ's single-open accordion: the first panel starts open, Enter or
 * Space toggles (native buttons), ArrowUp/ArrowDown/Home/End move focus between
 * headers, and panels animate for 400 ms. Written with plain buttons and
 * aria-expanded/aria-controls rather than Headless UI's Disclosure, which had
 * no group mode and was the only widget loading Headless UI with the landing
 * page (about 10 kB of first-load JavaScript). The chevron comes rendered
 * from the server: importing <Icon> here would ship every icon's drawing
 * (the sprite's fingerprint is computed from them) to the browser.
 */
export function FaqAccordion({ items, chevron }: { items: Item[]; chevron: ReactNode }) {
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(HEADER)];
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const last = buttons.length - 1;
    const targets: Record<string, number> = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons[target]?.focus();
  };

  return (
    <div
      data-faq=""
      onKeyDown={moveFocus}
      className="divide-y divide-surface-border rounded-xl border border-surface-border bg-surface-raised"
    >
      {items.map((item, index) => (
        <FaqItem
          key={item.id}
          item={item}
          chevron={chevron}
          open={openIndex === index}
          onToggle={() => setOpenIndex((current) => (current === index ? null : index))}
        />
      ))}
    </div>
  );
}

function FaqItem({
  item,
  chevron,
  open,
  onToggle,
}: {
  item: Item;
  chevron: ReactNode;
  open: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  /** The panel is in the DOM (open, or still animating shut). */
  const [shown, setShown] = useState(open);
  /** The panel has its open look (the transition runs between the two looks). */
  const [entered, setEntered] = useState(open);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Opening mounts the panel in its closed look; closing switches to it at once.
    setWasOpen(open);
    setEntered(false);
    if (open) setShown(true);
  }
  const frame = useRef(0);
  // What the last commit said, for the unmount timer: it may fire after a reopening
  // was committed but before that commit's effects cleared it.
  const openNow = useRef(open);
  useLayoutEffect(() => {
    openNow.current = open;
  }, [open]);

  // Then: an opening panel takes its open look on the next frame and transitions
  // in; a closing one is unmounted once its 400 ms transition is over (a panel that
  // was never shown has nothing to wait for: a timer there raced an early click).
  useEffect(() => {
    if (open) {
      frame.current = requestAnimationFrame(() => {
        frame.current = requestAnimationFrame(() => setEntered(true));
      });
      return () => cancelAnimationFrame(frame.current);
    }
    if (!shown) return;
    const timer = window.setTimeout(() => {
      if (!openNow.current) setShown(false);
    }, ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [open, shown]);

  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  return (
    <div data-faq-item={item.id} data-open={open ? '' : undefined}>
      <h3>
        <button
          type="button"
          id={buttonId}
          data-faq-button=""
          aria-expanded={open}
          aria-controls={shown ? panelId : undefined}
          data-open={open ? '' : undefined}
          onClick={onToggle}
          className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-lg font-semibold hover:text-primary-700 dark:hover:text-primary-300"
        >
          {item.question}
          {chevron}
        </button>
      </h3>
      {shown ? (
        <div
          id={panelId}
          data-closed={entered ? undefined : ''}
          className="origin-top px-6 pb-6 text-ink-muted transition duration-[400ms] ease-out data-closed:-translate-y-2 data-closed:opacity-0"
        >
          {item.answer}
        </div>
      ) : null}
    </div>
  );
}
