import 'server-only';

/**
 * A user's personal workspace: it has the user's own id, made with the user by a database trigger
 * (prisma/migrations/…_workspaces), so it exists for every user however the user was created.
 */
export function personalWorkspaceId(userId: string): string {
  return userId;
}
