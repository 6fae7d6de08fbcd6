'use client';

import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Icon } from './icons';

type Item = { id: string; question: string; answer: string };

const HEADER = '[data-faq-button]';

/**
 * Single-open accordion (SPEC §2 FAQ): the first panel starts open, Enter or
 * Space toggles, ArrowUp/ArrowDown/Home/End move focus between headers, and
 * panels animate for 400 ms. Headless UI's Disclosure has no group mode, so
 * when one opens (by click or key) the open siblings are clicked shut (a
 * click keeps focus where it is; Disclosure's own close() would move it).
 */
export function FaqAccordion({ items }: { items: Item[] }) {
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
    <div data-faq="" onKeyDown={moveFocus} className="divide-y divide-surface-border rounded-xl border border-surface-border bg-surface-raised">
      {items.map((item, index) => (
        <Disclosure key={item.id} as="div" defaultOpen={index === 0} data-faq-item={item.id}>
          {({ open }) => (
            <>
              <h3>
                <DisclosureButton
                  data-faq-button=""
                  className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-lg font-semibold hover:text-primary-700 dark:hover:text-primary-300"
                >
                  {item.question}
                  <Icon name="chevronDown" className="h-5 w-5 shrink-0 transition duration-[400ms] group-data-open:rotate-180" />
                </DisclosureButton>
              </h3>
              <DisclosurePanel
                transition
                className="origin-top px-6 pb-6 text-ink-muted transition duration-[400ms] ease-out data-closed:-translate-y-2 data-closed:opacity-0"
              >
                {item.answer}
              </DisclosurePanel>
              <CloseSiblings open={open} />
            </>
          )}
        </Disclosure>
      ))}
    </div>
  );
}

/** When its disclosure opens, clicks every other open header of the accordion shut. */
function CloseSiblings({ open }: { open: boolean }) {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const item = marker.current?.parentElement;
    const own = item?.querySelector(HEADER);
    item?.closest('[data-faq]')?.querySelectorAll<HTMLButtonElement>(`${HEADER}[aria-expanded="true"]`).forEach((button) => {
      if (button !== own) button.click();
    });
  }, [open]);
  return <span ref={marker} hidden />;
}
