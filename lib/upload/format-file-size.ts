/**
 * A byte count for people, in the page's language: 812 B, 45.2 kB, 25 MB.
 * Steps of 1024, so the 25 MB limit (25 × 1024²) reads as the README states it.
 * Plain bytes are written "B" by hand: ICU's short English unit is "byte", even for 812.
 * The number and its unit never break apart (no-break space).
 */
export function formatFileSize(bytes: number, locale: string): string {
  const units = [
    ['kilobyte', 1024],
    ['megabyte', 1024 ** 2],
    ['gigabyte', 1024 ** 3],
  ] as const;
  const found = [...units].reverse().find(([, factor]) => bytes >= factor);
  if (!found) return `${new Intl.NumberFormat(locale).format(bytes)}\u00a0B`;
  const [unit, size] = found;
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 })
    .format(bytes / size)
    .replace(/ /g, '\u00a0');
}
