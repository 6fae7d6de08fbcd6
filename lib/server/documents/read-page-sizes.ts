import 'server-only';
import { PDFDocument } from 'pdf-lib';
import { displayedSize, normalizeRotation, type TPdfBox, visibleBox } from '@/lib/viewer/page-geometry';
import { db } from '@/lib/server/db/client';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { workingPdfBlob } from './working-pdf-blob';

export type TPageSize = { width: number; height: number };

const box = (rect: { x: number; y: number; width: number; height: number }): TPdfBox => [
  rect.x,
  rect.y,
  rect.x + rect.width,
  rect.y + rect.height,
];

/**
 * Each page's size in points as the viewer (pdf.js) shows it: the crop box
 * clipped to the media box, sides swapped at 90° and 270°, through the same
 * geometry the viewer's overlays and the sealing step use.
 */
export async function measurePages(pdf: Uint8Array): Promise<TPageSize[]> {
  const document = await PDFDocument.load(pdf, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  });
  return document.getPages().map((page) => {
    const frame = {
      box: visibleBox(box(page.getMediaBox()), box(page.getCropBox())),
      rotate: normalizeRotation(page.getRotation().angle),
    };
    return displayedSize(frame);
  });
}

/**
 * The page sizes of a document, read from its working PDF the first time they
 * are asked for and kept on the row (the PDF never changes while fields are
 * placed), so field checks and the API need no PDF parse after that.
 */
export async function readPageSizes(
  document: Parameters<typeof workingPdfBlob>[0] & { id: string; pageSizes: string | null },
): Promise<TPageSize[]> {
  if (document.pageSizes) return JSON.parse(document.pageSizes) as TPageSize[];
  const bytes = await getBlobStore().get(workingPdfBlob(document).key);
  const sizes = await measurePages(bytes);
  await db.document.update({ where: { id: document.id }, data: { pageSizes: JSON.stringify(sizes) } });
  return sizes;
}
