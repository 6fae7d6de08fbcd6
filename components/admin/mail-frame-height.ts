/**
 * The height, in CSS pixels, of the frame that shows a mail's HTML part, so
 * the whole mail shows (its footer too) without a scroll inside the frame,
 * which readers miss on a page that scrolls itself. The sandboxed frame runs
 * no script and is of another origin, so neither it nor this page can measure
 * it: the height is estimated from the text part, as the mail's layout sets
 * it at a phone's width (about 36 characters a line of 24 px, 16 px between
 * paragraphs, the layout's padding, heading and button around them). Too much
 * leaves white space under the mail; a longer mail than the cap scrolls inside.
 */
export const MAIL_FRAME = { min: 480, max: 4000, chrome: 200, charsPerLine: 36, line: 24, gap: 16 } as const;

export function mailFrameHeight(text: string): number {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const body = paragraphs.reduce(
    (sum, paragraph) =>
      sum + Math.ceil(Array.from(paragraph).length / MAIL_FRAME.charsPerLine) * MAIL_FRAME.line + MAIL_FRAME.gap,
    0,
  );
  return Math.min(MAIL_FRAME.max, Math.max(MAIL_FRAME.min, MAIL_FRAME.chrome + body));
}

/** The HTML part's words, for a mail that has no text part: tags, and what is hidden or not shown, left out. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(head|style|script|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<div[^>]*display:\s*none[^>]*>[\s\S]*?<\/div>\s*<\/div>/gi, '')
    .replace(/<\/(p|h\d|div|tr|li|table)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ');
}
