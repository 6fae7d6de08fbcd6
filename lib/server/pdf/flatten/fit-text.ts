import type { PDFFont } from 'pdf-lib';

export type TFittedText = { size: number; lines: string[]; lineHeight: number };

/** The signing page's font size for a field (components/signing/signing-overlay.tsx): 55% of its height, 8–14 pt. */
export const preferredSize = (height: number) => Math.max(8, Math.min(14, height * 0.55));
export const MIN_SIZE = 4;
const LINE_HEIGHT = 1.2;

// Measuring lays the text out with the font (shaping), which costs far more than drawing it; wrapping
// measures the same words and growing lines again and again, so widths are kept per font (at size 1).
const widths = new WeakMap<PDFFont, Map<string, number>>();

/** The text's width at `size`, measured once per font and text. */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let known = widths.get(font);
  if (!known) widths.set(font, (known = new Map()));
  let width = known.get(text);
  if (width === undefined) known.set(text, (width = font.widthOfTextAtSize(text, 1)));
  return width * size;
}

/** Splits a word wider than the box between characters, so nothing runs past the edge. */
function breakWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const parts: string[] = [];
  let part = '';
  let used = 0;
  for (const char of Array.from(word)) {
    const advance = textWidth(font, char, size);
    if (part && used + advance > width) {
      parts.push(part);
      [part, used] = [char, advance];
    } else [part, used] = [part + char, used + advance];
  }
  return part ? [...parts, part] : parts;
}

/**
 * The text's lines at `size` in `width`: its own line breaks kept, words
 * wrapped, over-long words broken. A line's width is the sum of its words'
 * and spaces' (kerning across a space is negligible against the padding).
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = textWidth(font, ' ', size);
  for (const paragraph of text.replace(/\t/g, ' ').split(/\r?\n/)) {
    let line = '';
    let used = 0;
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const advance = textWidth(font, word, size);
      if (line && used + space + advance <= width) {
        [line, used] = [`${line} ${word}`, used + space + advance];
        continue;
      }
      if (line) lines.push(line);
      const pieces = advance <= width ? [word] : breakWord(word, font, size, width);
      line = pieces.pop() ?? '';
      used = textWidth(font, line, size);
      lines.push(...pieces);
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The largest size, from the signing page's size down to MIN_SIZE, at which
 * the text fits the box; a single line stays on one line while it can (as the
 * page showed it), wrapping only when shrinking alone would make it tiny. At
 * MIN_SIZE whatever still does not fit is cut (the box clips it).
 */
export function fitText(text: string, font: PDFFont, width: number, height: number): TFittedText {
  const fits = (lines: string[], size: number) => lines.length * size * LINE_HEIGHT <= height + 0.01;
  const start = preferredSize(height);
  const oneLine = !/[\r\n]/.test(text);
  if (oneLine) {
    const natural = textWidth(font, text, start);
    const size = natural <= width ? start : Math.max(MIN_SIZE, (start * width) / natural);
    if (size >= Math.min(start, 7) || natural === 0) return { size, lines: [text], lineHeight: size * LINE_HEIGHT };
  }
  for (let size = start; size > MIN_SIZE; size -= 0.5) {
    const lines = wrapText(text, font, size, width);
    if (fits(lines, size) && lines.every((line) => textWidth(font, line, size) <= width + 0.01))
      return { size, lines, lineHeight: size * LINE_HEIGHT };
  }
  const lines = wrapText(text, font, MIN_SIZE, width);
  return {
    size: MIN_SIZE,
    lines: lines.slice(0, Math.max(1, Math.floor(height / (MIN_SIZE * LINE_HEIGHT)))),
    lineHeight: MIN_SIZE * LINE_HEIGHT,
  };
}
