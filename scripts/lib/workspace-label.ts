/** How the operator commands name a workspace: a personal one by its user's email, a team by its name. */
export function workspaceLabel(workspace: { kind: 'PERSONAL' | 'TEAM'; name: string }): string {
  return workspace.kind === 'PERSONAL' ? `the personal workspace of ${workspace.name}` : `team "${workspace.name}"`;
}
