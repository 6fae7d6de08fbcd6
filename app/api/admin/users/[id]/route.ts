import { assertNotForged } from '@/lib/server/auth/assert-not-forged';
import { requireAdmin } from '@/lib/server/auth/require-user';
import { withProblems } from '@/lib/server/http/problem';
import { deleteUser, ZUserId } from '@/lib/server/users/delete-user';

type Context = { params: Promise<{ id: string }> };

// DELETE /api/admin/users/{id}: 204; 401 signed out, 403 non-admin or oneself, 404 unknown, 400 not an id.
export const DELETE = withProblems(async (request: Request, { params }: Context) => {
  assertNotForged(request);
  const admin = await requireAdmin();
  const id = ZUserId.parse((await params).id);
  await deleteUser({ actorId: admin.id, userId: id });
  return new Response(null, { status: 204 });
});
