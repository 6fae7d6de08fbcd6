// Every owner endpoint and owner page × every kind of caller of a team, on SQLite: tests/fixtures/team-matrix.ts (the
// same matrix runs on PostgreSQL in tests/db/team-authorization-matrix.pg.test.ts).
import { afterAll, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { teamAuthorizationMatrix } from '@/tests/fixtures/team-matrix';
import { appDatabase, tempDir } from '@/tests/unit/db/helpers';

// A signed-in session when `session.user` is set (next-auth's auth() is mocked; the cookie path is tested in
// tests/unit/auth), and the cookies a page reads.
const mocks = vi.hoisted(() => ({
  session: { user: null as { id: string } | null },
  cookies: new Map<string, string>(),
}));
vi.mock('@/lib/server/auth/auth', () => ({
  auth: async () => (mocks.session.user ? { user: mocks.session.user, sessionVersion: 0 } : null),
}));
vi.mock('next/headers', () => ({
  headers: async () => new Headers(),
  cookies: async () => ({
    get: (name: string) => (mocks.cookies.has(name) ? { name, value: mocks.cookies.get(name)! } : undefined),
    getAll: () => [...mocks.cookies].map(([name, value]) => ({ name, value })),
  }),
}));

let client: TDbClient | undefined;
afterAll(async () => {
  await client?.$disconnect();
  vi.unstubAllEnvs();
});

teamAuthorizationMatrix({
  mocks,
  open: async () => (client = await appDatabase(tempDir('signet-authz-'), { APP_URL: 'http://signet.test' })),
});
