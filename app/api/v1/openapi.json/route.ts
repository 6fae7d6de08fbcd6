import { openApiJson } from '@/lib/api/v1/openapi';
import { getEnv } from '@/lib/env';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Public: the contract is no secret, and integrators' tools fetch it without credentials.
export function GET(request: Request) {
  const { body, etag } = openApiJson(getEnv().appUrl);
  const headers = { 'cache-control': 'public, max-age=300', etag };
  const known = request.headers.get('if-none-match')?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known?.includes(etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, 'content-type': 'application/json' } });
}
