import 'server-only';
import { nextDisplayName, type TUserClaims } from '@/lib/auth/map-claims';
import { db } from '@/lib/server/db/client';

/**
 * Creates or updates the user after a sign-in (SPEC §3): given and family
 * name follow the provider each time, the display name too unless the user
 * chose one in Settings (nextDisplayName). The role is ours, never the
 * provider's.
 */
export async function upsertUser(claims: TUserClaims) {
  const existing = await db.user.findUnique({ where: { email: claims.email } });
  if (!existing) {
    return db.user.create({
      data: { email: claims.email, name: claims.name, givenName: claims.givenName, familyName: claims.familyName },
    });
  }
  return db.user.update({
    where: { id: existing.id },
    data: {
      givenName: claims.givenName ?? existing.givenName,
      familyName: claims.familyName ?? existing.familyName,
      name: nextDisplayName(existing, claims),
    },
  });
}
