/** Nine-dot apps icon and the trigger look shared by the placeholder and the real PopoverButton. */
export const APPS_BUTTON_CLASS =
  'inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink-muted transition hover:bg-surface-sunken hover:text-ink data-open:bg-surface-sunken data-open:text-ink';

export function AppsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      {[5, 12, 19].flatMap((y) => [5, 12, 19].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="2" />))}
    </svg>
  );
}
