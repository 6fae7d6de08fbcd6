// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test` starts a throwaway server with
// scripts/pg-cluster.mjs for it. The team authorization matrix of tests/fixtures/team-matrix.ts on PostgreSQL: the
// same route handlers and page operations, on the app's own client pointed at this file's database (appDatabase).
import { vi } from 'vitest';
import { teamAuthorizationMatrix } from '@/tests/fixtures/team-matrix';
import { appDatabase } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// A signed-in session when `session.user` is set (next-auth's auth() is mocked), and the cookies a page reads.
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

const openDatabase = appDatabase('signet_authz');

teamAuthorizationMatrix({
  mocks,
  open: async () => {
    // The invitation mails' links; read by getEnv after openDatabase resets the modules.
    vi.stubEnv('APP_URL', 'http://signet.test');
    return openDatabase();
  },
});
