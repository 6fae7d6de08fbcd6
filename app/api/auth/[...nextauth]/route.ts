import type { NextRequest } from 'next/server';
import { handlers } from '@/lib/server/auth/auth';
import { refreshContext } from '@/lib/server/auth/session-token';

// The session endpoint is where tokens are refreshed: its answer writes the new cookie back.
export const GET = (request: NextRequest) => refreshContext.run(true, () => handlers.GET(request));
export const POST = handlers.POST;
