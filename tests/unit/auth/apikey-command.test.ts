import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES } from '@/lib/api/v1/api-keys';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { tempDir } from '../db/helpers';

// `npm run apikey` as an operator runs it, on a private database that the app's db singleton
// (lib/server/db/client.ts) in this process shares, so the printed key is checked as a request would check it.
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const dataDir = tempDir('signet-apikey-');
const url = `file:${path.join(dataDir, 'signet.db')}`;
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, OIDC_ISSUER: '', LOG_LEVEL: 'error' };
/** Through scripts/db.mjs, as `npm run apikey` does (it first makes sure the Prisma client is generated). */
const viaNpm = (args: string[]) =>
  spawnSync(process.execPath, ['scripts/db.mjs', 'apikey', ...args], { cwd: root, env, encoding: 'utf8' });
/** The script alone, one child process instead of two. */
const direct = (args: string[]) =>
  spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/apikey.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });

const holder = globalThis as { signetDb?: TDbClient };
let client: TDbClient;
let carol: { id: string };
let team: { id: string };
beforeAll(async () => {
  await migrateDatabase(url);
  client = createPrismaClient(url);
  holder.signetDb = client;
  carol = await client.user.create({ data: { email: 'carol@example.test', name: 'Carol' } });
  const dave = await client.user.create({ data: { email: 'dave@example.test', name: 'Dave' } });
  team = await client.workspace.create({ data: { kind: 'TEAM', name: 'Acme' } });
  await client.membership.create({ data: { workspaceId: team.id, userId: carol.id, role: 'ADMIN' } });
  await client.membership.create({ data: { workspaceId: team.id, userId: dave.id, role: 'MEMBER' } });
}, 60_000);
afterAll(async () => {
  delete holder.signetDb;
  await client.$disconnect();
});

const { authenticateApiKey } = await import('@/lib/server/api-keys/authenticate-api-key');
const { createOperatorApiKey } = await import('@/lib/server/api-keys/create-operator-api-key');

const lastLine = (stdout: string) => stdout.trimEnd().split('\n').at(-1)!;

describe('npm run apikey -- create', () => {
  it('makes a key in a team the user administers, with the scopes and name asked for; the secret is the last line', async () => {
    const result = viaNpm([
      'create',
      '--email',
      'Carol@Example.test',
      '--workspace',
      team.id,
      '--scopes',
      'webhooks:manage, documents:read',
      '--name',
      'Zapier',
    ]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/created "Zapier" \(sgn_\S+\) for carol@example\.test in team "Acme"/);
    const secret = lastLine(result.stdout);
    expect(secret).toMatch(/^sgn_[\w-]{43}$/);
    const { user, key } = await authenticateApiKey(secret);
    expect(user.id).toBe(carol.id);
    expect(key).toMatchObject({ workspaceId: team.id, name: 'Zapier', scopes: ['documents:read', 'webhooks:manage'] });
  }, 60_000);

  it('defaults to the personal workspace, every scope and the name "CLI"', async () => {
    const result = direct(['create', '--email', 'carol@example.test']);
    expect(result.status).toBe(0);
    const { key } = await authenticateApiKey(lastLine(result.stdout));
    expect(key).toMatchObject({ workspaceId: carol.id, name: 'CLI', scopes: [...API_SCOPES] });
  }, 60_000);

  it('refuses a workspace the user is not a member of (exit 1), and an unknown scope (exit 2), making no key', async () => {
    const before = await client.apiKey.count();
    const stranger = await client.workspace.create({ data: { kind: 'TEAM', name: 'Other' } });
    const outsider = direct(['create', '--email', 'carol@example.test', '--workspace', stranger.id]);
    expect(outsider.status).toBe(1);
    expect(outsider.stderr).toMatch(`signet: apikey: carol@example.test is not a member of workspace ${stranger.id}`);
    const badScope = direct(['create', '--email', 'carol@example.test', '--scopes', 'documents:read,admin']);
    expect(badScope.status).toBe(2);
    expect(badScope.stderr).toMatch(/no scope "admin"; the scopes are documents:read, documents:write/);
    expect(outsider.stdout + badScope.stdout).not.toMatch(/sgn_/);
    expect(await client.apiKey.count()).toBe(before);
  }, 60_000);

  it('gives a plain team member no key (only owners and admins manage keys), nor an unknown address', async () => {
    const before = await client.apiKey.count();
    await expect(
      createOperatorApiKey('dave@example.test', 'CLI', { workspaceId: team.id, scopes: API_SCOPES }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/not an owner or admin/) });
    await expect(createOperatorApiKey('ghost@example.test', 'CLI', { scopes: API_SCOPES })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'no account has the address ghost@example.test',
    });
    expect(await client.apiKey.count()).toBe(before);
  });
});
