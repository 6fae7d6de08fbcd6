import { z } from 'zod';
import { ZApiScope } from './api-keys';
import { plans } from './usage';

export { WORKSPACE_COOKIE, WORKSPACE_HEADER } from './workspace-names';

export const workspaceKinds = ['personal', 'team'] as const;
export const memberRoles = ['owner', 'admin', 'member'] as const;
export type TMemberRole = (typeof memberRoles)[number];

/** Whether `role` may do what `least` may: owner ⊃ admin ⊃ member (docs/teams.md). */
export function roleAtLeast(role: TMemberRole, least: TMemberRole): boolean {
  return memberRoles.indexOf(role) <= memberRoles.indexOf(least);
}

export const ZWorkspace = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: "A team's name; a personal workspace's is its user's name or email." }),
    kind: z.enum(workspaceKinds),
    role: z.enum(memberRoles).meta({ description: "The caller's role in it." }),
  })
  .meta({ id: 'Workspace' });

export const ZWorkspaceList = z.object({ items: z.array(ZWorkspace) }).meta({ id: 'WorkspaceList' });

export const ZMe = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }),
    workspace: ZWorkspace.extend({ plan: z.enum(plans) }).meta({
      description: 'The workspace this call acts in: the key’s, or the session’s current one.',
    }),
    key: z
      .object({ id: z.string(), name: z.string(), scopes: z.array(ZApiScope) })
      .optional()
      .meta({ description: 'The API key the call authenticated with; absent for a signed-in session.' }),
  })
  .meta({ id: 'Me' });

export type TWorkspace = z.infer<typeof ZWorkspace>;
export type TMe = z.infer<typeof ZMe>;
