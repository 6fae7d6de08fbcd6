/**
 * One colour per recipient, by position in the list: distinct hues that keep
 * their labels readable (WCAG AA) on the light tint drawn over the page.
 */
const COLORS = ['#4c33ce', '#0d7b40', '#c74702', '#1557de', '#be1010', '#7a2a8f', '#0f6a73', '#7a5a00'] as const;

export function recipientColor(index: number): string {
  return COLORS[((index % COLORS.length) + COLORS.length) % COLORS.length] as string;
}
