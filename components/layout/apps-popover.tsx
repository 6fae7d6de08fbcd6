'use client';

import { APPS_BUTTON_CLASS, AppsIcon } from './apps-icon';
import type { AppsText, LabelledAppLink } from './apps-links';
import { useDeferredWidget } from './use-deferred-widget';

const loadPanel = () => import('./apps-popover-panel').then((module) => module.AppsPopoverPanel);

/**
 * Apps icon on non-mobile layouts (from 1166 px) opening the product list.
 * External products open in a new tab; their addresses come from the
 * server's environment and an unset one is left out by the caller.
 */
export function AppsPopover({ apps, text }: { apps: LabelledAppLink[]; text: AppsText }) {
  const { Widget, handoff, triggerProps } = useDeferredWidget(loadPanel);
  return (
    <div className="hidden nav:block">
      {Widget ? (
        <Widget apps={apps} text={text} {...handoff} />
      ) : (
        <button
          type="button"
          aria-label={text.label}
          aria-expanded={false}
          className={APPS_BUTTON_CLASS}
          {...triggerProps}
        >
          <AppsIcon />
        </button>
      )}
    </div>
  );
}
