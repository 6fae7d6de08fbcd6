import { requireAdmin } from '@/lib/server/auth/require-user';
import { withProblems } from '@/lib/server/http/problem';
import { listUsers } from '@/lib/server/users/list-users';

// GET /api/admin/users: 401 signed out, 403 for a non-admin.
export const GET = withProblems(async () => {
  await requireAdmin();
  const users = await listUsers();
  return Response.json({ users: users.map((user) => ({ ...user, createdAt: user.createdAt.toISOString() })) });
});
