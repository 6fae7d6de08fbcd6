import 'server-only';
import { db } from '@/lib/server/db/client';

/** Every user for the admin list, newest first (a paged view comes with more users). */
export async function listUsers() {
  return db.user.findMany({
    orderBy: { createdAt: 'desc' },
    take: 500,
    select: {
      id: true,
      email: true,
      name: true,
      givenName: true,
      familyName: true,
      role: true,
      plan: true,
      createdAt: true,
    },
  });
}
