import 'server-only';
import { AppError } from '@/lib/errors';
import type { TTransaction } from '@/lib/server/db/client';

/**
 * The user's role in the workspace as it stands inside the transaction, after the workspace's row lock (which
 * membership changes take too), not as it stood when the request was authenticated: a removal or demotion that
 * committed meanwhile counts, so a request that began before its caller left stores nothing after. NOT_FOUND once
 * they are no longer a member.
 */
export async function memberRoleNow(
  tx: TTransaction,
  workspaceId: string,
  userId: string,
): Promise<'OWNER' | 'ADMIN' | 'MEMBER'> {
  const membership = await tx.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { role: true },
  });
  if (!membership) throw new AppError('NOT_FOUND', 'There is no such workspace, or you are not a member of it.');
  return membership.role;
}
