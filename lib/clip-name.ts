/** How many characters of a name a one-line place (a mail subject, a toast) shows before its ellipsis. */
export const NAME_CLIP = 80;

/**
 * A name cut to `max` characters, the last being an ellipsis; shorter names
 * are returned as they are. Counted in code points, so an emoji or an accented
 * letter written as two units is never split in half. Surrounding spaces are
 * not counted (trimmed before the cut and before the ellipsis).
 */
export function clipName(name: string, max = NAME_CLIP): string {
  const trimmed = name.trim();
  const points = Array.from(trimmed);
  if (points.length <= max) return trimmed;
  return `${points
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}
