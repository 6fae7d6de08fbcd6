import 'server-only';
import type { z } from 'zod';
import { assertOwnerAccess, type TOwnerAccess } from '@/lib/server/auth/assert-owner-access';
import { requireOwner, type TOwner } from '@/lib/server/auth/require-owner';
import { withProblems } from './problem';
import { limit } from './rate-limit';
import { readJsonBody } from './read-json-body';

type TContext<P> = { params: Promise<P> };
export type TOwnerRequest<P> = { request: Request; params: P; owner: TOwner };

/**
 * A v1 owner endpoint: problem+json on every failure, the caller
 * authenticated (API key or session + anti-forgery), rate-limited per user
 * and checked against the access the route declares (a scope, or `session`)
 * before anything else runs. The declaration is a required argument, so a
 * route cannot leave it out; it rides on the handler as `access` for the
 * scope-matrix test (tests/unit/api/scope-matrix.test.ts).
 */
export function ownerRoute<P = Record<string, never>>(access: TOwnerAccess, handler: (call: TOwnerRequest<P>) => Promise<Response>) {
  const route = withProblems(async (request: Request, context: TContext<P>) => {
    const owner = await requireOwner(request);
    await limit('api', owner.user.id);
    assertOwnerAccess(owner, access);
    return handler({ request, params: await context.params, owner });
  });
  return Object.assign(route, { access });
}

/** A JSON answer that no cache keeps (every v1 answer is someone's data). */
export function json(data: unknown, status = 200): Response {
  return Response.json(data, { status, headers: { 'cache-control': 'no-store' } });
}

/** The JSON body checked against its schema (400 with errors[] naming each bad path). */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = 256 * 1024): Promise<z.output<S>> {
  return schema.parse(await readJsonBody(request, maxBytes));
}
