import 'server-only';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { readOwnedDocumentPdf } from './read-owned-document-pdf';
import { requireOwnedDocument } from './require-owned-document';

export const ZDownloadQuery = z.object({ kind: z.enum(['original', 'sealed', 'certificate']).default('original') });
export type TDownloadKind = z.infer<typeof ZDownloadQuery>['kind'];

/** An office upload is served as its converted PDF: say so in the name. */
export function pdfFileName(name: string): string {
  return /\.pdf$/i.test(name) ? name : `${name.replace(/\.[^.]*$/, '')}.pdf`;
}

/**
 * GET /api/v1/documents/{id}/download: `original` is the PDF as it was sent
 * for signature (the converted PDF for an office upload), read through the
 * workspace preview's bounded reader. `sealed` and `certificate` answer 409
 * until the document has them (the sealing issue produces them).
 */
export async function downloadDocument(id: string, ownerId: string, kind: TDownloadKind) {
  const document = await requireOwnedDocument(id, ownerId);
  if (kind !== 'original') {
    throw new AppError('CONFLICT', `The document has no ${kind === 'sealed' ? 'sealed PDF' : 'certificate of completion'} yet: it is made once everyone has signed.`);
  }
  const pdf = await readOwnedDocumentPdf(document.token, ownerId);
  if (!pdf) throw new AppError('NOT_FOUND', 'No such document.');
  return { ...pdf, fileName: pdfFileName(pdf.name) };
}
