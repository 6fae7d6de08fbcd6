import 'server-only';
import { PDFDocument } from 'pdf-lib';
import { db } from '@/lib/server/db/client';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { workingPdfBlob } from './create-document-from-upload';

export type TPageSize = { width: number; height: number };

/** Each page's size in points as a viewer shows it: the crop box, sides swapped for a 90° or 270° rotation. */
export async function measurePages(pdf: Uint8Array): Promise<TPageSize[]> {
  const document = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  return document.getPages().map((page) => {
    const box = page.getCropBox();
    const quarterTurns = Math.round((((page.getRotation().angle % 360) + 360) % 360) / 90) % 2;
    const width = Math.round(Math.abs(box.width) * 100) / 100;
    const height = Math.round(Math.abs(box.height) * 100) / 100;
    return quarterTurns ? { width: height, height: width } : { width, height };
  });
}

/**
 * The page sizes of a document, read from its working PDF the first time they
 * are asked for and kept on the row (the PDF never changes while fields are
 * placed), so field checks and the API need no PDF parse after that.
 */
export async function readPageSizes(document: Parameters<typeof workingPdfBlob>[0] & { id: string; pageSizes: string | null }): Promise<TPageSize[]> {
  if (document.pageSizes) return JSON.parse(document.pageSizes) as TPageSize[];
  const bytes = await getBlobStore().get(workingPdfBlob(document).key);
  const sizes = await measurePages(bytes);
  await db.document.update({ where: { id: document.id }, data: { pageSizes: JSON.stringify(sizes) } });
  return sizes;
}
