// GET /api/v1/trust/ca.pem and /api/v1/trust/crl: public, rate-limited, judged by openssl.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openApiDocument } from '@/lib/api/v1/openapi';
import type { TDbClient } from '@/lib/server/db/create-client';
import { SOCKET_ADDRESS_HEADER, SOCKET_ADDRESS_MARKER } from '@/lib/server/http/client-address';
import { appDatabase, tempDir } from '@/tests/unit/db/helpers';
import { judge } from '@/tests/fixtures/pdf-judges';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let client: TDbClient;
let folder: string;

beforeAll(async () => {
  (globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER] = true;
  folder = tempDir('signet-trust-api-');
  client = await appDatabase(folder, { APP_URL: 'http://signet.test', RATE_LIMITS: 'trust=4/60' });
});
afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER];
  await client.$disconnect();
  vi.unstubAllEnvs();
});

async function get(route: 'ca.pem' | 'crl', address = '192.0.2.10') {
  const routeModule =
    route === 'ca.pem' ? await import('@/app/api/v1/trust/ca.pem/route') : await import('@/app/api/v1/trust/crl/route');
  return routeModule.GET(
    new Request(`http://signet.test/api/v1/trust/${route}`, { headers: { [SOCKET_ADDRESS_HEADER]: address } }),
    undefined as never,
  );
}

describe('trust endpoints', () => {
  it('serve the instance CA as PEM and its CRL as DER, without credentials, which openssl verifies', async () => {
    const ca = await get('ca.pem');
    expect(ca.status).toBe(200);
    expect(ca.headers.get('content-type')).toBe('application/x-pem-file');
    expect(ca.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const pem = await ca.text();
    expect(pem).toBe((await client.trustKey.findUniqueOrThrow({ where: { slot: 'instance-ca' } })).certificatePem);
    const caFile = path.join(folder, 'ca.pem');
    writeFileSync(caFile, pem);
    expect((await judge('openssl', ['x509', '-in', caFile, '-noout', '-subject'])).output).toContain(
      'Signet CA signet.test',
    );

    const crl = await get('crl');
    expect(crl.status).toBe(200);
    expect(crl.headers.get('content-type')).toBe('application/pkix-crl');
    expect(crl.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const crlFile = path.join(folder, 'crl.der');
    writeFileSync(crlFile, Buffer.from(await crl.arrayBuffer()));
    expect(
      (await judge('openssl', ['crl', '-inform', 'DER', '-in', crlFile, '-CAfile', caFile, '-noout'])).output,
    ).toContain('verify OK');
  });

  it('answer 429 problem+json with Retry-After past the trust limit, per client address', async () => {
    await get('crl');
    await get('ca.pem');
    const limited = await get('crl');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get('crl', '198.51.100.7')).status).toBe(200);
  });

  it('are in the OpenAPI document as public operations', () => {
    const document = openApiDocument('http://signet.test');
    expect(document.paths?.['/api/v1/trust/ca.pem']?.get?.security).toEqual([]);
    expect(document.paths?.['/api/v1/trust/crl']?.get?.responses?.['200']).toBeDefined();
  });
});
