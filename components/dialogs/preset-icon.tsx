import type { TPresetIcon } from './confirm-presets';

const PATHS: Record<TPresetIcon, string> = {
  send: 'M4 12l16-8-6 16-2.5-6.5L4 12z',
  check: 'M5 12.5l4.5 4.5L19 7',
  stop: 'M12 3a9 9 0 100 18 9 9 0 000-18zM6 6l12 12',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3z',
};

/** The small icon in a confirmation's header (decorative: the title says it all). */
export function PresetIcon({ name }: { name: TPresetIcon }) {
  return (
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
      <path d={PATHS[name]} />
    </svg>
  );
}
