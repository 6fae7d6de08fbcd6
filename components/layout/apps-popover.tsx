'use client';

import { APPS_BUTTON_CLASS, AppsIcon } from './apps-icon';
import { useDeferredWidget } from './use-deferred-widget';

/** `href: null`: a product of ours that is not available yet, listed but not a link. */
export type AppLink = { key: 'web' | 'application' | 'webforms' | 'validator'; href: string | null; external: boolean };

/** landing.apps, translated by SiteHeader: each app with its name, and the list's own text. */
export type AppsText = { label: string; newTab: string; soon: string };
export type LabelledAppLink = AppLink & { label: string };

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
        <button type="button" aria-label={text.label} aria-expanded={false} className={APPS_BUTTON_CLASS} {...triggerProps}>
          <AppsIcon />
        </button>
      )}
    </div>
  );
}
