'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { scalarConfiguration } from './scalar-config';

type ScalarApp = { destroy?: () => void };
type ScalarGlobal = { createApiReference: (element: HTMLElement, configuration: object) => ScalarApp };

declare global {
  interface Window {
    Scalar?: ScalarGlobal;
  }
}

// The reference follows the page's scheme: the `dark` class on <html> (set by the theme toggle).
function subscribeToScheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains('dark');

let loading: Promise<ScalarGlobal> | undefined;

/** Adds Scalar's bundle (our origin, see app/api/v1/reference/scalar.js) once per page load. */
function loadScalar(src: string): Promise<ScalarGlobal> {
  loading ??= new Promise<ScalarGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Scalar ? resolve(window.Scalar) : reject(new Error('Scalar did not load')));
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('Scalar did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * The interactive reference of the OpenAPI document, rendered by Scalar in
 * the browser. Its 4 MB script loads only here, after the page is shown; the
 * loading and failure texts come translated as props.
 */
export function ApiReference({
  specUrl,
  scriptUrl,
  loadingText,
  failedText,
}: {
  specUrl: string;
  scriptUrl: string;
  loadingText: string;
  failedText: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const dark = useSyncExternalStore(subscribeToScheme, isDark, () => false);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let app: ScalarApp | undefined;
    let active = true;
    loadScalar(scriptUrl)
      .then((scalar) => {
        if (!active || !container.current) return;
        app = scalar.createApiReference(container.current, scalarConfiguration(specUrl, dark));
        setState('ready');
      })
      .catch(() => active && setState('failed'));
    return () => {
      active = false;
      app?.destroy?.();
    };
  }, [scriptUrl, specUrl, dark]);

  // An <article> (not a landmark) holds Scalar's own landmarks: its <main> and sidebar stay top-level
  // landmarks, and its narrow-screen <header> is not taken for a second page banner.
  return (
    <article aria-busy={state === 'loading'}>
      {state === 'loading' ? <p className="mx-auto max-w-5xl px-4 py-10 text-ink-muted">{loadingText}</p> : null}
      {state === 'failed' ? (
        <p role="alert" className="mx-auto max-w-5xl px-4 py-10 font-medium text-danger-700 dark:text-danger-300">
          {failedText}
        </p>
      ) : null}
      <div ref={container} data-api-reference="" />
    </article>
  );
}
