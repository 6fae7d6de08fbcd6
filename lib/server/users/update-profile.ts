import 'server-only';
import { z } from 'zod';
import { locales } from '@/lib/i18n/routing';
import { db } from '@/lib/server/db/client';

/** What a user may change about themselves in Settings; shared by the form and the API. */
export const ZProfileUpdate = z
  .object({
    name: z.string().trim().min(1, { error: 'Enter a name.' }).max(100, { error: 'At most 100 characters.' }),
    locale: z.enum(locales, { error: 'Choose one of the offered languages.' }),
  })
  .strict();

export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

export async function updateProfile(userId: string, update: TProfileUpdate) {
  return db.user.update({ where: { id: userId }, data: update });
}
