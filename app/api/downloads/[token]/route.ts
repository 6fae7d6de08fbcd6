import { downloadByLink } from '@/lib/server/finalize/download-by-link';
import { clientRateLimitKey } from '@/lib/server/http/client-address';
import { pdfResponse } from '@/lib/server/http/pdf-response';
import { withProblems } from '@/lib/server/http/problem';
import { limit } from '@/lib/server/http/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A completion mail's download link (lib/server/finalize/download-link.ts); rate-limited per client address like signer links. */
export const GET = withProblems(async (request: Request, context: { params: Promise<{ token: string }> }) => {
  await limit('signerAddress', clientRateLimitKey(request));
  const { token } = await context.params;
  return pdfResponse(request, await downloadByLink(token), 'attachment');
});
