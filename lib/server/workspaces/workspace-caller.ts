import 'server-only';

/**
 * Who acts on a workspace's resources, as the domain operations take it: the user (who made a resource, whose
 * mails and row locks), the workspace the call acts in (what it may reach), and the audit trail's actor.
 */
export type TWorkspaceCaller = { userId: string; workspaceId: string; actor: string };
