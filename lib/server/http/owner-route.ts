import 'server-only';
import { assertOwnerAccess, type TOwnerAccess } from '@/lib/server/auth/assert-owner-access';
import { requireOwner, type TOwner } from '@/lib/server/auth/require-owner';
import { withProblems } from './problem';
import { limit } from './rate-limit';

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
export function ownerRoute<P = Record<string, never>>(
  access: TOwnerAccess,
  handler: (call: TOwnerRequest<P>) => Promise<Response>,
) {
  const route = withProblems(async (request: Request, context: TContext<P>) => {
    const owner = await requireOwner(request);
    await limit('api', owner.user.id);
    assertOwnerAccess(owner, access);
    return handler({ request, params: await context.params, owner });
  });
  return Object.assign(route, { access });
}
