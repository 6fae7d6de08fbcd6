import 'server-only';
import type { z } from 'zod';
import { requireOwner, type TOwner } from '@/lib/server/auth/require-owner';
import { withProblems } from './problem';
import { limit } from './rate-limit';
import { readJsonBody } from './read-json-body';

type TContext<P> = { params: Promise<P> };
export type TOwnerRequest<P> = { request: Request; params: P; owner: TOwner };

/**
 * A v1 owner endpoint: problem+json on every failure, the caller
 * authenticated (API key or session + anti-forgery) and rate-limited per user
 * before anything else runs.
 */
export function ownerRoute<P = Record<string, never>>(handler: (call: TOwnerRequest<P>) => Promise<Response>) {
  return withProblems(async (request: Request, context: TContext<P>) => {
    const owner = await requireOwner(request);
    await limit('api', owner.user.id);
    return handler({ request, params: await context.params, owner });
  });
}

/** A JSON answer that no cache keeps (every v1 answer is someone's data). */
export function json(data: unknown, status = 200): Response {
  return Response.json(data, { status, headers: { 'cache-control': 'no-store' } });
}

/** The JSON body checked against its schema (400 with errors[] naming each bad path). */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = 256 * 1024): Promise<z.output<S>> {
  return schema.parse(await readJsonBody(request, maxBytes));
}
