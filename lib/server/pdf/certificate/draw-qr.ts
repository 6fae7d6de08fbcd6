import QRCode from 'qrcode';
import type { PDFPage, RGB } from 'pdf-lib';

/**
 * A QR code as vector rectangles (one per run of dark modules in a row), so
 * it stays sharp at any zoom and needs no image. `x, y` is its bottom-left
 * corner in points, `size` its side without the quiet zone.
 */
export function drawQrCode(
  page: PDFPage,
  text: string,
  { x, y, size, color }: { x: number; y: number; size: number; color: RGB },
): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.data[row * modules.size + column] === 1;
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        // Rows count from the top; PDF's y grows upwards. A hair of overlap hides seams between runs in some renderers.
        page.drawRectangle({
          x: x + start * cell,
          y: y + size - (row + 1) * cell - 0.01,
          width: (column - start) * cell,
          height: cell + 0.02,
          color,
        });
        start = -1;
      }
    }
  }
}
