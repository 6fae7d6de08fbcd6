'use client';

import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { isThemeChoice, THEME_STORAGE_KEY, themeChoices, type ThemeChoice } from './theme';

const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
  return isThemeChoice(stored) ? stored : 'system';
}

function apply(choice: ThemeChoice) {
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}

export function subscribeTheme(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores and applies a choice; every theme control on the page follows (Settings has one too). */
export function chooseTheme(choice: ThemeChoice) {
  window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  apply(choice);
  listeners.forEach((listener) => listener());
}

const icons: Record<ThemeChoice, string> = {
  system: 'M4 5h16v10H4zM9 19h6M12 15v4',
  light:
    'M12 4V2M12 22v-2M4.9 4.9 3.5 3.5M20.5 20.5l-1.4-1.4M4 12H2M22 12h-2M4.9 19.1l-1.4 1.4M20.5 3.5l-1.4 1.4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  dark: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
};

/** common.theme, translated by the server component that renders the toggle. */
export type ThemeToggleText = Record<'label' | ThemeChoice, string>;

/** Cycles system → light → dark; follows the system preference until the user picks. */
export function ThemeToggle({ text }: { text: ThemeToggleText }) {
  const choice = useSyncExternalStore(subscribeTheme, readThemeChoice, () => 'system' as ThemeChoice);

  // The boot script in <head> does not run when React builds the document on
  // the client (Next serves 404s of dynamic routes as an error shell that the
  // client renders), so the stored choice is applied again here.
  useEffect(() => {
    apply(readThemeChoice());
    if (choice !== 'system') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => apply('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [choice]);

  const next = useCallback(() => {
    const following = themeChoices[(themeChoices.indexOf(choice) + 1) % themeChoices.length] ?? 'system';
    chooseTheme(following);
  }, [choice]);

  return (
    <button
      type="button"
      onClick={next}
      className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink-muted transition hover:bg-surface-sunken hover:text-ink"
      aria-label={`${text.label}: ${text[choice]}`}
      title={`${text.label}: ${text[choice]}`}
      data-theme-choice={choice}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={icons[choice]} />
      </svg>
    </button>
  );
}
