import 'server-only';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { fileExtension, isAcceptedExtension } from '@/lib/upload/file-kind';
import { readStoredPdf } from './read-document-pdf';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { readOwnedDocumentPdf } from './read-owned-document-pdf';
import { requireOwnedDocumentById } from './require-owned-document-by-id';

export const ZDownloadQuery = z.object({ kind: z.enum(['original', 'sealed', 'certificate']).default('original') });
export type TDownloadKind = z.infer<typeof ZDownloadQuery>['kind'];

/**
 * An office upload is served as its converted PDF: say so in the name. A
 * converted document's name has no extension any more ("Report v1.2"), so
 * only an office extension (documents named before that) is replaced.
 */
export function pdfFileName(name: string): string {
  if (/\.pdf$/i.test(name)) return name;
  const extension = fileExtension(name);
  return `${isAcceptedExtension(extension) ? name.slice(0, -extension.length - 1) : name}.pdf`;
}

/** The sealed file's name: the document's, marked sealed. */
export function sealedFileName(name: string, suffix = 'sealed'): string {
  return pdfFileName(name).replace(/\.pdf$/i, `-${suffix}.pdf`);
}

const dateOf = (date: Date) => date.toISOString().slice(0, 10);

function missing(
  kind: TDownloadKind,
  document: { status: string; sealedBlob: string | null; sealedPurgedAt: Date | null; workingPurgedAt: Date | null },
): AppError | null {
  const what = { original: 'original PDF', sealed: 'sealed PDF', certificate: 'certificate of completion' }[kind];
  if (kind === 'original') {
    if (!document.workingPurgedAt) return null;
    if (!document.sealedBlob) {
      // Declined, cancelled or expired: retention ended with nothing sealed to download instead.
      return new AppError(
        'CONFLICT',
        `The ${what} was deleted on ${dateOf(document.workingPurgedAt)} when its retention period ended (the document is ${document.status.toLowerCase()}); its SHA-256 and the audit trail are kept.`,
        { extensions: { reason: 'purged' } },
      );
    }
    return new AppError(
      'CONFLICT',
      `The ${what} was deleted on ${dateOf(document.workingPurgedAt)} once the document was sealed (retention): download the sealed PDF.`,
      { extensions: { reason: 'purged' } },
    );
  }
  if (document.sealedPurgedAt) {
    return new AppError(
      'CONFLICT',
      `The ${what} was deleted on ${dateOf(document.sealedPurgedAt)} when its retention period ended; its SHA-256 and the audit trail are kept, so the validator still confirms a copy.`,
      { extensions: { reason: 'purged' } },
    );
  }
  if (!document.sealedBlob) {
    const why =
      document.status === 'SEALING_FAILED'
        ? 'its seal failed; retry the seal'
        : document.status === 'PENDING'
          ? 'it is made once everyone has signed'
          : `the document is ${document.status.toLowerCase()}`;
    return new AppError('CONFLICT', `The document has no ${what} yet: ${why}.`, { extensions: { reason: 'not_yet' } });
  }
  return null;
}

/**
 * GET /api/v1/documents/{id}/download: `original` is the PDF as it was sent
 * for signature (the converted PDF for an office upload), until retention
 * deletes it (after sealing; RETENTION_DAYS after a decline, cancel or
 * expiry); `sealed` and `certificate` once the document is
 * completed, until their retention ends. 409 says which: not yet, or purged.
 */
export async function downloadDocument(id: string, caller: TWorkspaceCaller, kind: TDownloadKind) {
  const document = await requireOwnedDocumentById(id, caller.workspaceId);
  const refusal = missing(kind, document);
  if (refusal) throw refusal;
  if (kind === 'original') {
    const pdf = await readOwnedDocumentPdf(document.token, caller.userId);
    if (!pdf) throw new AppError('NOT_FOUND', 'No such document.');
    return { ...pdf, fileName: pdfFileName(pdf.name) };
  }
  const key = kind === 'sealed' ? document.sealedBlob : document.certificateBlob;
  if (!key) throw new AppError('CONFLICT', `The document has no ${kind} file.`, { extensions: { reason: 'not_yet' } });
  const pdf = await readStoredPdf(key, document.name);
  return { ...pdf, fileName: sealedFileName(document.name, kind === 'sealed' ? 'sealed' : 'certificate') };
}
