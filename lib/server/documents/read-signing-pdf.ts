import 'server-only';
import { readDocumentPdf, type TPdfReadDeps } from '@/lib/server/documents/read-document-pdf';
import { requireSignerCanView } from '@/lib/server/signing/auth/signer-access';
import { type TSigner } from '@/lib/server/signing/link/resolve-signing-token';

/**
 * GET /api/v1/signing/{token}/pdf: the document's working PDF for the
 * recipient whose link resolved (signerRoute has answered 404/410 already),
 * read and bounded like the owner's download; 401 for a viewer who has not
 * authenticated yet (requireSignerCanView).
 */
export async function readSigningPdf(signer: TSigner, deps: TPdfReadDeps = {}) {
  requireSignerCanView(signer);
  return readDocumentPdf(signer.document, deps);
}
