import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';

/** Independent tools (poppler-utils, qpdf) judging a PDF the code under test wrote. */
export function pdfFile(bytes: Uint8Array, name = 'out.pdf'): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'signet-pdf-')), name);
  writeFileSync(file, bytes);
  return file;
}

export const pdfText = (file: string, page?: number) =>
  execFileSync('pdftotext', [
    ...(page ? ['-f', String(page), '-l', String(page)] : []),
    '-enc',
    'UTF-8',
    '-layout',
    file,
    '-',
  ]).toString('utf8');

export type TWordBox = { page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Every word with its box in points from the top-left of the page as displayed (pdftotext -bbox). */
export function pdfWords(file: string): TWordBox[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']).toString('utf8');
  const words: TWordBox[] = [];
  let page = 0;
  for (const match of html.matchAll(
    /<page [^>]*>|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (match[0].startsWith('<page')) page += 1;
    else
      words.push({
        page,
        text: match[5]!.replace(/&amp;/g, '&'),
        xMin: Number(match[1]),
        yMin: Number(match[2]),
        xMax: Number(match[3]),
        yMax: Number(match[4]),
      });
  }
  return words;
}

export function qpdfCheck(file: string): string {
  return execFileSync('qpdf', ['--check', file]).toString();
}

/** Attachment names as qpdf lists them. */
export function attachmentNames(file: string): string[] {
  const out = execFileSync('qpdf', ['--list-attachments', file]).toString();
  return out
    .split('\n')
    .filter((line) => /^\S.* -> /.test(line))
    .map((line) => line.split(' -> ')[0]!.trim());
}

export function attachmentBytes(file: string, name: string): Buffer {
  return execFileSync('qpdf', [`--show-attachment=${name}`, file]);
}

/** One page rendered at 72 dpi (one pixel per point) as a viewer displays it (crop box, rotation), grey levels 0–255. */
export function renderPage(
  file: string,
  page: number,
): { width: number; height: number; gray: (x: number, y: number) => number } {
  const png = PNG.sync.read(
    execFileSync('pdftoppm', [
      '-png',
      '-cropbox',
      '-r',
      '72',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
    ]),
  );
  return {
    width: png.width,
    height: png.height,
    gray: (x, y) => {
      const at = (Math.floor(y) * png.width + Math.floor(x)) * 4;
      return (png.data[at]! + png.data[at + 1]! + png.data[at + 2]!) / 3;
    },
  };
}

/** How many dark pixels lie inside and outside a displayed rectangle (points). */
export function inkAround(
  render: ReturnType<typeof renderPage>,
  rect: { x: number; y: number; width: number; height: number },
) {
  let inside = 0;
  let outside = 0;
  for (let y = 0; y < render.height; y++) {
    for (let x = 0; x < render.width; x++) {
      if (render.gray(x, y) > 128) continue;
      const within =
        x >= rect.x - 1 && x <= rect.x + rect.width + 1 && y >= rect.y - 1 && y <= rect.y + rect.height + 1;
      if (within) inside += 1;
      else outside += 1;
    }
  }
  return { inside, outside };
}
