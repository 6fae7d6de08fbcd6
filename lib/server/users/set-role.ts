import 'server-only';
import type { TDbClient } from '@/lib/server/db/client';

export type TRoleChange = { email: string; role: 'USER' | 'ADMIN'; outcome: 'created' | 'changed' | 'unchanged' };

/**
 * Grants or revokes the administrator role by address, for the operator
 * (`npm run admin`). Granting to an address nobody signed in with yet
 * prepares its account, which the first sign-in with that address verified
 * by the provider takes over. Demoting raises the session version, so the
 * user's open sessions end (within SESSION_RECHECK_SECONDS on every instance).
 */
export async function setRole(client: TDbClient, address: string, role: 'USER' | 'ADMIN'): Promise<TRoleChange> {
  const email = address.trim().toLowerCase();
  const user = await client.user.findUnique({ where: { email }, select: { role: true } });
  if (!user) {
    if (role === 'USER') throw new Error(`no account has the address ${email}`);
    await client.user.create({ data: { email, role } });
    return { email, role, outcome: 'created' };
  }
  if (user.role === role) return { email, role, outcome: 'unchanged' };
  await client.user.update({
    where: { email },
    data: { role, ...(role === 'USER' ? { sessionVersion: { increment: 1 } } : {}) },
  });
  return { email, role, outcome: 'changed' };
}
