import { requireUser } from '@/lib/server/auth/require-user';
import { parseBody } from '@/lib/server/http/json';
import { withProblems } from '@/lib/server/http/problem';
import { updatePreferences } from '@/lib/server/users/update-preferences';
import { parsePreferences, ZPreferencesUpdate } from '@/lib/users/preferences';

// GET /api/me/preferences: the signed-in user's UI preferences (which guided tours are done); 401 signed out.
export const GET = withProblems(async () => Response.json(parsePreferences((await requireUser()).preferences)));

// PATCH /api/me/preferences {toursDone: {dashboard: true}}: merged into the stored ones; 400 for anything else.
export const PATCH = withProblems(async (request: Request) => {
  const user = await requireUser();
  const update = await parseBody(request, ZPreferencesUpdate, 4 * 1024);
  return Response.json(await updatePreferences(user.id, update));
});
