import { pdfResponse } from '@/lib/server/http/pdf-response';
import { signerRoute } from '@/lib/server/http/signer-route';
import { readSigningPdf } from '@/lib/server/documents/read-signing-pdf';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = signerRoute(async ({ request, signer }) =>
  pdfResponse(request, await readSigningPdf(signer), 'inline'),
);
