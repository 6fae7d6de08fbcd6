import { openApiDocument } from '@/lib/api/v1/openapi';
import { getEnv } from '@/lib/env';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Public: the contract is no secret, and integrators' tools fetch it without credentials.
export function GET() {
  return Response.json(openApiDocument(getEnv().appUrl), { headers: { 'cache-control': 'public, max-age=300' } });
}
