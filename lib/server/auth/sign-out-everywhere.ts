import 'server-only';
import { revokeKeys } from '@/lib/server/api-keys/revoke-api-key';
import { db } from '@/lib/server/db/client';
import { forgetSessions } from './session-check';

/**
 * "Sign out everywhere" (Settings): raises the user's session version, which
 * ends their sessions in every browser, and in the same transaction revokes
 * the API keys they chose to end with their sessions when creating them (and
 * disables those keys' webhooks). Other keys survive: an integration is not a
 * browser. Returns how many keys were revoked.
 */
export async function signOutEverywhere(uid: string): Promise<{ revokedKeys: number }> {
  const revokedKeys = await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: uid }, data: { sessionVersion: { increment: 1 } } });
    return revokeKeys(tx, uid, { endsWithSessions: true });
  });
  forgetSessions(uid);
  return { revokedKeys };
}
