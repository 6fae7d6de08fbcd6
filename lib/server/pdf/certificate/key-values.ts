import { COLORS, type PageWriter } from './page-writer';

export type TKeyValue = { label: string; value: string; small?: boolean };

const LABEL_WIDTH = 128;
const GAP = 6;

/** The height the rows take in a column of `width` points. */
export function measureKeyValues(writer: PageWriter, rows: TKeyValue[], width: number): number {
  return rows.reduce((sum, row) => sum + rowHeight(writer, row, width), 0);
}

function rowHeight(writer: PageWriter, row: TKeyValue, width: number): number {
  const label = writer.measure(row.label, { size: 8, width: LABEL_WIDTH - GAP }).height;
  const value = writer.measure(row.value, { size: row.small ? 7.5 : 9, width: width - LABEL_WIDTH }).height;
  return Math.max(label, value) + 3;
}

/** Label and value rows drawn from `y` down at `x` (the cursor is not moved); returns the height used. */
export function drawKeyValues(
  writer: PageWriter,
  rows: TKeyValue[],
  { x, y, width }: { x: number; y: number; width: number },
): number {
  let top = y;
  for (const row of rows) {
    writer.drawAt(row.label, top - 0.5, { size: 8, x, width: LABEL_WIDTH - GAP, color: COLORS.muted });
    writer.drawAt(row.value, top, { size: row.small ? 7.5 : 9, x: x + LABEL_WIDTH, width: width - LABEL_WIDTH });
    top -= rowHeight(writer, row, width);
  }
  return y - top;
}

/** Rows at the cursor, full width, moving the cursor below them (a new page first when they do not fit). */
export function keyValues(writer: PageWriter, rows: TKeyValue[]): void {
  for (const row of rows) {
    const height = measureKeyValues(writer, [row], writer.width);
    writer.ensure(height);
    writer.y -= drawKeyValues(writer, [row], { x: writer.left, y: writer.y, width: writer.width });
  }
}
