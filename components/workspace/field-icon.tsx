import type { TFieldType } from '@/lib/api/v1/enums';

/** 24×24 stroke drawings, one per field type; decorative (the type's name is always beside or in the label). */
const PATHS: Record<TFieldType, string> = {
  signature: 'M3 17c3-1 4-9 6-9s-1 9 1 9 3-5 4-5 0 4 2 4 3-2 5-2M3 21h18',
  initials: 'M4 18V6l6 12V6M14 6h6M17 6v12M14 18h6',
  name: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1',
  email: 'M3 5h18v14H3zM3 6l9 7 9-7',
  date: 'M4 6h16v15H4zM4 10h16M8 3v4M16 3v4M8 14h3v3H8z',
  text: 'M5 6V4h14v2M12 4v16M9 20h6',
  number: 'M9 4 7 20M17 4l-2 16M4 9h16M3 15h16',
  checkbox: 'M4 4h16v16H4zM8 12l3 3 5-6',
  radio: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  dropdown: 'M3 6h18v12H3zM14 11l2 2 2-2',
  attachment: 'M21 11.5 12.5 20a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5',
};

export function FieldIcon({ type, className = 'h-4 w-4' }: { type: TFieldType; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={PATHS[type]} />
    </svg>
  );
}
