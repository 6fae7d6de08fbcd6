import { requireUser } from '@/lib/server/auth/require-user';
import { withProblems } from '@/lib/server/http/problem';
import { publicUser } from '@/lib/server/users/public-user';
import { updateProfile, ZProfileUpdate } from '@/lib/server/users/update-profile';

// GET /api/me: the signed-in user (401 problem+json when signed out).
export const GET = withProblems(async () => Response.json(publicUser(await requireUser())));

// PATCH /api/me {name, locale}: Settings.
export const PATCH = withProblems(async (request: Request) => {
  const user = await requireUser();
  const update = ZProfileUpdate.parse(await request.json());
  return Response.json(publicUser(await updateProfile(user.id, update)));
});
