/** Six fictitious customer marks, drawn for this page (no external images). */
const marks = {
  lexbridge: { name: 'Lexbridge', color: '#4c33ce', mark: 'M4 26V8h4v14h10v4zM20 8h4v18h-4z' },
  cargonaut: { name: 'Cargonaut', color: '#1557de', mark: 'M16 5l11 6v12l-11 6-11-6V11zM5 11l11 6 11-6M16 17v12' },
  meridian: {
    name: 'Meridian',
    color: '#0d7b40',
    mark: 'M16 4a12 12 0 1 0 0 24 12 12 0 0 0 0-24zM4 16h24M16 4c4 4 4 20 0 24M16 4c-4 4-4 20 0 24',
  },
  northwave: { name: 'Northwave', color: '#c74702', mark: 'M3 20c4-6 7-6 10 0s7 6 10 0 5-4 6-2M16 4l4 8h-8z' },
  quantia: {
    name: 'Quantia',
    color: '#be1010',
    mark: 'M16 5a11 11 0 1 0 7.8 18.8L28 28M16 11a5 5 0 1 0 0 10 5 5 0 0 0 0-10z',
  },
  verdant: { name: 'Verdant', color: '#0b7a6b', mark: 'M6 26C6 12 16 5 27 5c0 11-7 21-21 21zM6 26 18 14' },
} as const;

export type LogoName = keyof typeof marks;
export const LOGO_NAMES = Object.keys(marks) as LogoName[];

export function CustomerLogo({
  name,
  decorative = false,
  className = 'h-8 w-auto',
}: {
  name: LogoName;
  decorative?: boolean;
  className?: string;
}) {
  const { name: label, color, mark } = marks[name];
  return (
    <svg
      viewBox="0 0 150 32"
      className={className}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? true : undefined}
    >
      <path
        d={mark}
        fill="none"
        stroke={color}
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="dark:stroke-current"
      />
      <text x="36" y="22" fontSize="17" fontWeight="700" fill="currentColor" fontFamily="system-ui, sans-serif">
        {label}
      </text>
    </svg>
  );
}

/** Small round mark used beside a testimonial. */
export function LogoMark({ name }: { name: LogoName }) {
  const { color, mark } = marks[name];
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="h-10 w-10 shrink-0 rounded-full bg-surface-sunken p-1.5">
      <path
        d={mark}
        fill="none"
        stroke={color}
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="dark:stroke-primary-300"
      />
    </svg>
  );
}
