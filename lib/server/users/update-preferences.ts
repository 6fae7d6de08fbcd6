import 'server-only';
import {
  applyPreferencesUpdate,
  parsePreferences,
  type TPreferencesUpdate,
  type TUserPreferences,
} from '@/lib/users/preferences';
import { db } from '@/lib/server/db/client';

/** Merges an update into the user's stored preferences (read and write in one transaction, so two tabs do not undo each other). */
export async function updatePreferences(userId: string, update: TPreferencesUpdate): Promise<TUserPreferences> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { preferences: true } });
    const next = applyPreferencesUpdate(parsePreferences(user.preferences), update);
    await tx.user.update({ where: { id: userId }, data: { preferences: JSON.stringify(next) } });
    return next;
  });
}
