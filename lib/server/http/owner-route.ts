import 'server-only';
import type { TMemberRole } from '@/lib/api/v1/workspaces';
import { assertOwnerAccess, LEAST_ROLE, type TOwnerAccess } from '@/lib/server/auth/assert-owner-access';
import { requireOwner, type TOwner } from '@/lib/server/auth/require-owner';
import { assertTeam } from '@/lib/server/teams/team-rules';
import { withProblems } from './problem';
import { limit } from './rate-limit';

type TContext<P> = { params: Promise<P> };
export type TOwnerRequest<P> = { request: Request; params: P; owner: TOwner };
export type TOwnerRouteOptions<P> = {
  /** The least role the caller needs in the workspace, when not the access's own (LEAST_ROLE). */
  role?: TMemberRole;
  /** The path parameter naming the team the call acts in (`/teams/{id}/…`), instead of the header; not a team is 404. */
  teamParam?: keyof P & string;
};

/**
 * A v1 owner endpoint: problem+json on every failure, the caller
 * authenticated (API key or session + anti-forgery), rate-limited per user
 * and checked against the access the route declares (a scope, or `session`)
 * and the role in its workspace before anything else runs. The declaration is
 * a required argument, so a route cannot leave it out; it rides on the handler
 * as `access` and `role` for the scope and authorization matrix tests
 * (tests/unit/api/scope-matrix.test.ts, tests/unit/api/team-authorization-matrix.test.ts).
 */
export function ownerRoute<P = Record<string, never>>(
  access: TOwnerAccess,
  handler: (call: TOwnerRequest<P>) => Promise<Response>,
  options: TOwnerRouteOptions<P> = {},
) {
  const role = options.role ?? LEAST_ROLE[access];
  const route = withProblems(async (request: Request, context: TContext<P>) => {
    const params = await context.params;
    const named = options.teamParam ? String(params[options.teamParam]) : undefined;
    const owner = await requireOwner(request, named);
    if (named !== undefined) assertTeam(owner.workspace);
    await limit('api', owner.user.id);
    assertOwnerAccess(owner, access, role);
    return handler({ request, params, owner });
  });
  return Object.assign(route, { access, role });
}
