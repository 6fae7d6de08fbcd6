import { resolveWorkspace } from '@/lib/server/workspaces/resolve-workspace';
import { cookies } from 'next/headers';
import { LOCALE_COOKIE_OPTIONS } from '@/lib/i18n/locale-cookie';
import { LOCALE_COOKIE } from '@/lib/i18n/routing';
import { requireUser } from '@/lib/server/auth/require-user';
import { parseBody } from '@/lib/server/http/json';
import { withProblems } from '@/lib/server/http/problem';
import { publicUser } from '@/lib/server/users/public-user';
import { updateProfile, ZProfileUpdate } from '@/lib/server/users/update-profile';

// GET /api/me: the signed-in user (401 problem+json when signed out).
export const GET = withProblems(async () => {
  const user = await requireUser();
  return Response.json(publicUser(user, (await resolveWorkspace(user.id)).plan));
});

// PATCH /api/me {name, locale}: Settings. The chosen language also becomes the remembered one (locale cookie).
export const PATCH = withProblems(async (request: Request) => {
  const user = await requireUser();
  const update = await parseBody(request, ZProfileUpdate, 4 * 1024);
  const saved = publicUser(await updateProfile(user.id, update), (await resolveWorkspace(user.id)).plan);
  (await cookies()).set(LOCALE_COOKIE, update.locale, LOCALE_COOKIE_OPTIONS);
  return Response.json(saved);
});
