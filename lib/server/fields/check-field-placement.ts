import type { TFieldError } from '@/lib/errors';
import type { TPageSize } from '@/lib/server/documents/read-page-sizes';

/** Half a point of slack: a field dragged flush to the edge may round a hair past it in the browser. */
const EDGE_TOLERANCE = 0.5;

type TPlaced = { page: number; x: number; y: number; width: number; height: number };

/** Where a field is not on its page: the page does not exist, or the box reaches past an edge. */
export function fieldPlacementErrors(field: TPlaced, pages: TPageSize[], path: string): TFieldError[] {
  const page = pages[field.page - 1];
  if (!page)
    return [
      { path: `${path}.page`, message: `The document has ${pages.length} page${pages.length === 1 ? '' : 's'}.` },
    ];
  const errors: TFieldError[] = [];
  if (field.x + field.width > page.width + EDGE_TOLERANCE) {
    errors.push({
      path: `${path}.x`,
      message: `The field reaches past the right edge of page ${field.page} (${page.width} pt wide).`,
    });
  }
  if (field.y + field.height > page.height + EDGE_TOLERANCE) {
    errors.push({
      path: `${path}.y`,
      message: `The field reaches past the bottom edge of page ${field.page} (${page.height} pt high).`,
    });
  }
  return errors;
}
