/**
 * A byte count for people, in the page's language: 812 B, 45.2 kB, 25 MB.
 * Steps of 1024, so the 25 MB limit (25 × 1024²) reads as the README states it.
 */
export function formatFileSize(bytes: number, locale: string): string {
  const units = [
    ['byte', 1],
    ['kilobyte', 1024],
    ['megabyte', 1024 ** 2],
    ['gigabyte', 1024 ** 3],
  ] as const;
  const [unit, size] = [...units].reverse().find(([, factor]) => bytes >= factor) ?? units[0];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: unit === 'byte' ? 0 : 1 }).format(bytes / size);
}
