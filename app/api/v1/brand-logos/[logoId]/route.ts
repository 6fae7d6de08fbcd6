import { readBrandLogo } from '@/lib/server/branding/read-brand-logo';
import { clientRateLimitKey } from '@/lib/server/http/client-address';
import { withProblems } from '@/lib/server/http/problem';
import { limit } from '@/lib/server/http/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/v1/brand-logos/{logoId}: a team's logo as its signers see it (public; a new logo gets a new id). */
export const GET = withProblems(async (request: Request, context: { params: Promise<{ logoId: string }> }) => {
  await limit('brandLogo', clientRateLimitKey(request));
  const { bytes, contentType } = await readBrandLogo((await context.params).logoId);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
});
