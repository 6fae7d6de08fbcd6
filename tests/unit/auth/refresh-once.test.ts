import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const refreshTokens = vi.fn();
vi.mock('@/lib/server/auth/token-requests', () => ({ refreshTokens }));
const { refreshOnce } = await import('@/lib/server/auth/refresh-once');

beforeEach(() => {
  refreshTokens.mockReset();
});

describe('refreshOnce: one refresh per user session at a time', () => {
  it('tabs asking at once with the same cookie share one exchange, and a late tab with the old token gets its result', async () => {
    let answer!: (value: unknown) => void;
    refreshTokens.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const tabs = Array.from({ length: 5 }, () =>
      refreshOnce('user-1', { refreshToken: 'rotating-token-1', accessToken: 'a1' }),
    );
    const tokens = { accessToken: 'a2', refreshToken: 'rotating-token-2', idToken: undefined, expiresAt: 1 };
    answer(tokens);
    expect(await Promise.all(tabs)).toEqual(Array(5).fill(tokens));
    expect(await refreshOnce('user-1', { refreshToken: 'rotating-token-1', accessToken: 'a1' })).toEqual(tokens);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
  });

  it('another session, or the next token, refreshes on its own', async () => {
    refreshTokens.mockImplementation(async (token: string) => ({
      accessToken: `for-${token}`,
      refreshToken: `${token}+`,
      idToken: undefined,
      expiresAt: 1,
    }));
    await Promise.all([
      refreshOnce('user-2', { refreshToken: 't1' }),
      refreshOnce('user-3', { refreshToken: 't1' }),
      refreshOnce('user-2', { refreshToken: 't1+' }),
    ]);
    expect(refreshTokens).toHaveBeenCalledTimes(3);
  });

  it('a provider that does not rotate: the next refresh, with the new access token, reaches it', async () => {
    refreshTokens.mockImplementation(async () => ({
      accessToken: `a-${refreshTokens.mock.calls.length}`,
      refreshToken: 'same',
      idToken: undefined,
      expiresAt: 1,
    }));
    const first = await refreshOnce('user-5', { refreshToken: 'same', accessToken: 'a-0' });
    expect(await refreshOnce('user-5', { refreshToken: 'same', accessToken: 'a-0' })).toBe(first);
    await refreshOnce('user-5', { refreshToken: 'same', accessToken: first.accessToken });
    expect(refreshTokens).toHaveBeenCalledTimes(2);
  });

  it('does not keep a refusal: the next request asks the provider again', async () => {
    refreshTokens.mockRejectedValueOnce(new Error('invalid_grant'));
    await expect(refreshOnce('user-4', { refreshToken: 'x' })).rejects.toThrow('invalid_grant');
    refreshTokens.mockResolvedValueOnce({ accessToken: 'ok', refreshToken: 'y', idToken: undefined, expiresAt: 1 });
    await expect(refreshOnce('user-4', { refreshToken: 'x' })).resolves.toMatchObject({ accessToken: 'ok' });
  });
});

describe('provider discovery', () => {
  const sockets = new Set<import('node:net').Socket>();
  let server: Server;
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    server?.close();
    vi.unstubAllEnvs();
  });

  it('gives up on a provider that never answers instead of holding refresh and logout', async () => {
    // Accepts the connection and never answers.
    server = createServer(() => {});
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    vi.stubEnv('OIDC_ISSUER', `http://127.0.0.1:${port}`);
    vi.stubEnv('OIDC_CLIENT_ID', 'signet');
    const { providerMetadata, DISCOVERY_TIMEOUT_MS } = await import('@/lib/server/auth/provider-metadata');
    const started = Date.now();
    await expect(providerMetadata()).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(DISCOVERY_TIMEOUT_MS + 2_000);
  }, 15_000);
});
