import { PageSizes, rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { wrapText } from '@/lib/server/pdf/flatten/fit-text';

export const COLORS = {
  ink: rgb(0.07, 0.09, 0.16),
  muted: rgb(0.36, 0.4, 0.47),
  accent: rgb(0.11, 0.3, 0.64),
  rule: rgb(0.83, 0.86, 0.9),
  band: rgb(0.95, 0.96, 0.98),
};

export type TFonts = { regular: PDFFont; bold: PDFFont };
type TTextOptions = { size?: number; bold?: boolean; color?: RGB; x?: number; width?: number; lineGap?: number };

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
export const MARGIN = 48;
const FOOTER = 36;

/**
 * A cursor over A4 pages: writes wrapped text top-down and starts a new page
 * when the next block would not fit above the footer. Pages are appended to
 * `doc`; the footers (page n of m) are written at the end, when m is known.
 */
export class PageWriter {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  readonly left = MARGIN;
  readonly width = PAGE_WIDTH - 2 * MARGIN;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: TFonts,
    private readonly onNewPage: (writer: PageWriter) => void = () => {},
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
    this.onNewPage(this);
  }

  /** Makes room for `height` points, on a new page when this one is too full. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  font(bold = false): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /** The lines `text` wraps to, and their height, without drawing. */
  measure(text: string, options: TTextOptions = {}): { lines: string[]; height: number } {
    const size = options.size ?? 9;
    const lines = wrapText(text, this.font(options.bold), size, options.width ?? this.width);
    return { lines, height: lines.length * size * (1.3 + (options.lineGap ?? 0)) };
  }

  /** Draws text from the cursor down (not moving it) and returns the height used. */
  drawAt(text: string, y: number, options: TTextOptions = {}): number {
    const size = options.size ?? 9;
    const { lines, height } = this.measure(text, options);
    const step = height / Math.max(lines.length, 1);
    lines.forEach((line, index) => {
      this.page.drawText(line, {
        x: options.x ?? this.left,
        y: y - size - index * step,
        size,
        font: this.font(options.bold),
        color: options.color ?? COLORS.ink,
      });
    });
    return height;
  }

  /** A paragraph at the cursor; the cursor moves below it. Long paragraphs continue on the next page line by line. */
  paragraph(text: string, options: TTextOptions = {}): void {
    const { lines, height } = this.measure(text, options);
    const step = height / Math.max(lines.length, 1);
    for (const line of lines) {
      this.ensure(step);
      this.drawAt(line, this.y, options);
      this.y -= step;
    }
  }

  rule(color = COLORS.rule, thickness = 0.6): void {
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.left + this.width, y: this.y },
      thickness,
      color,
    });
  }

  /** A section heading with a rule under it, kept with at least `keep` points of what follows. */
  heading(text: string, keep = 60): void {
    this.ensure(28 + keep);
    this.y -= 10;
    this.drawAt(text, this.y, { size: 12, bold: true, color: COLORS.accent });
    this.y -= 18;
    this.rule(COLORS.accent, 0.8);
    this.y -= 8;
  }

  /** Writes "page n of m" and the footer text at the bottom of every page. */
  footers(text: (page: number, total: number) => { left: string; right: string }): void {
    this.pages.forEach((page, index) => {
      const { left, right } = text(index + 1, this.pages.length);
      const font = this.fonts.regular;
      page.drawLine({
        start: { x: this.left, y: MARGIN + 14 },
        end: { x: this.left + this.width, y: MARGIN + 14 },
        thickness: 0.5,
        color: COLORS.rule,
      });
      page.drawText(left, { x: this.left, y: MARGIN, size: 7.5, font, color: COLORS.muted });
      page.drawText(right, {
        x: this.left + this.width - font.widthOfTextAtSize(right, 7.5),
        y: MARGIN,
        size: 7.5,
        font,
        color: COLORS.muted,
      });
    });
  }
}
