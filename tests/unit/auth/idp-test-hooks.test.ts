import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadIdpSecrets } from '@/scripts/idp/secrets';
import { createIdpServer } from '@/scripts/idp/server';

async function listen(testHooks: boolean): Promise<{ server: Server; url: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signet-idp-'));
  const server = createIdpServer({
    issuer: 'http://localhost:0',
    appUrl: 'http://localhost:3000',
    secrets: loadIdpSecrets(dataDir),
    dataDir,
    accessTokenTtl: 900,
    testHooks,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

describe("the local provider's token-lifetime test hook", () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  it('takes whole seconds from 4 to 3600, or nothing for the configured lifetime; refuses anything else', async () => {
    const { server, url } = await listen(true);
    servers.push(server);
    const set = (body: string) => fetch(`${url}/__test/access-token-ttl`, { method: 'POST', body });
    for (const good of ['8', '4', '3600', '', ' 60 ']) expect((await set(good)).status, JSON.stringify(good)).toBe(204);
    for (const bad of ['3', '3601', '7.5', 'abc', '-8', '1e3x']) {
      const response = await set(bad);
      expect(response.status, bad).toBe(400);
      expect(await response.text()).toContain('expected whole seconds from 4 to 3600');
    }
  });

  it('does not exist without IDP_TEST_HOOKS', async () => {
    const { server, url } = await listen(false);
    servers.push(server);
    const response = await fetch(`${url}/__test/access-token-ttl`, { method: 'POST', body: '8' });
    expect(response.status).not.toBe(204);
    expect(response.status).toBeGreaterThanOrEqual(400);
  });
});
