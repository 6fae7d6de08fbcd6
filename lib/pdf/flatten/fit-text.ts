import type { PDFFont } from 'pdf-lib';

export type TFittedText = { size: number; lines: string[]; lineHeight: number };

/** The signing page's font size for a field (components/signing/signing-overlay.tsx): 55% of its height, 8–14 pt. */
export const preferredSize = (height: number) => Math.max(8, Math.min(14, height * 0.55));
export const MIN_SIZE = 4;
const LINE_HEIGHT = 1.2;

/** Splits a word wider than the box between characters, so nothing runs past the edge. */
function breakWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const parts: string[] = [];
  let part = '';
  for (const char of Array.from(word)) {
    if (part && font.widthOfTextAtSize(part + char, size) > width) {
      parts.push(part);
      part = char;
    } else part += char;
  }
  return part ? [...parts, part] : parts;
}

/** The text's lines at `size` in `width`: its own line breaks kept, words wrapped, over-long words broken. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\t/g, ' ').split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      const pieces = font.widthOfTextAtSize(word, size) <= width ? [word] : breakWord(word, font, size, width);
      line = pieces.pop() ?? '';
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
    const natural = font.widthOfTextAtSize(text, start);
    const size = natural <= width ? start : Math.max(MIN_SIZE, (start * width) / natural);
    if (size >= Math.min(start, 7) || natural === 0) return { size, lines: [text], lineHeight: size * LINE_HEIGHT };
  }
  for (let size = start; size > MIN_SIZE; size -= 0.5) {
    const lines = wrapText(text, font, size, width);
    if (fits(lines, size) && lines.every((line) => font.widthOfTextAtSize(line, size) <= width + 0.01)) return { size, lines, lineHeight: size * LINE_HEIGHT };
  }
  const lines = wrapText(text, font, MIN_SIZE, width);
  return { size: MIN_SIZE, lines: lines.slice(0, Math.max(1, Math.floor(height / (MIN_SIZE * LINE_HEIGHT)))), lineHeight: MIN_SIZE * LINE_HEIGHT };
}
