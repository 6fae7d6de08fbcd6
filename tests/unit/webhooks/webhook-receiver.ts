import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, vi } from 'vitest';

export type TReceived = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; event: string; createdAt: string; data: Record<string, Record<string, unknown>> };
};

/**
 * Checks a Signet-Signature header the way an integrator would, with its own
 * HMAC code (not the app's): `t=<seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 */
export function signatureValid(header: string | undefined, secret: string, body: string, now = Date.now()): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A real HTTP receiver on 127.0.0.1, listed in OUTBOUND_ALLOW_HOSTS before the
 * app's environment loads (call before apiWorld()). Each path answers the
 * statuses queued for it in turn (then 200); every request is recorded.
 */
export function webhookReceiver() {
  const received: TReceived[] = [];
  const answers = new Map<string, number[]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body, json: JSON.parse(body) as TReceived['json'] });
      const status = answers.get(path)?.shift() ?? 200;
      if (status >= 300 && status < 400) response.setHeader('location', '/followed');
      response.writeHead(status).end('ok');
    });
  });
  const state = { base: '' };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    state.base = `http://127.0.0.1:${port}`;
    vi.stubEnv('OUTBOUND_ALLOW_HOSTS', `127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  return {
    received,
    url: (path: string) => `${state.base}${path}`,
    /** Statuses `path` answers next, in order (200 after them). */
    answer: (path: string, ...statuses: number[]) => void answers.set(path, statuses),
    at: (path: string) => received.filter((request) => request.path === path),
  };
}
