import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clientAddress,
  clientRateLimitKey,
  MAX_IP_LENGTH,
  MAX_USER_AGENT_LENGTH,
  requestMeta,
  SOCKET_ADDRESS_HEADER,
  SOCKET_ADDRESS_MARKER,
} from '@/lib/server/http/client-address';

const marker = globalThis as Record<symbol, unknown>;

/** A request as scripts/serve.mjs hands it to Next: the socket's peer in SOCKET_ADDRESS_HEADER. */
function fromSocket(socket: string, headers: Record<string, string> = {}) {
  return new Request('http://localhost/api/contact', { headers: { ...headers, [SOCKET_ADDRESS_HEADER]: socket } });
}

/** clientAddress from a fresh module graph (getEnv() caches the environment) with TRUSTED_PROXIES set. */
async function trusting(value: string) {
  vi.resetModules();
  vi.stubEnv('TRUSTED_PROXIES', value);
  return (await import('@/lib/server/http/client-address')).clientAddress;
}

beforeEach(() => {
  marker[SOCKET_ADDRESS_MARKER] = true;
});

afterEach(() => {
  delete marker[SOCKET_ADDRESS_MARKER];
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('clientAddress without TRUSTED_PROXIES', () => {
  it('is the socket peer: a forged X-Forwarded-For or X-Real-IP changes nothing', () => {
    const honest = fromSocket('203.0.113.9');
    const forged = fromSocket('203.0.113.9', {
      'x-forwarded-for': '198.51.100.1, 192.0.2.77',
      'x-real-ip': '192.0.2.5',
    });
    expect(clientAddress(honest)).toBe('203.0.113.9');
    expect(clientAddress(forged)).toBe('203.0.113.9');
    expect(clientRateLimitKey(forged)).toBe(clientRateLimitKey(honest));
    expect(requestMeta(forged).ip).toBe('203.0.113.9');
  });

  it('writes IPv4-mapped addresses as IPv4, and keys IPv6 clients by their /64', () => {
    expect(clientAddress(fromSocket('::ffff:127.0.0.1'))).toBe('127.0.0.1');
    expect(clientRateLimitKey(fromSocket('2001:db8:1:2:aaaa::1'))).toBe('2001:db8:1:2::/64');
    expect(clientRateLimitKey(fromSocket('2001:db8:1:2:bbbb::9'))).toBe('2001:db8:1:2::/64');
  });

  it('knows no address when the request did not come through scripts/serve.mjs, even if the header is sent', () => {
    delete marker[SOCKET_ADDRESS_MARKER];
    const request = fromSocket('203.0.113.9', { 'x-forwarded-for': '198.51.100.1' });
    expect(clientAddress(request)).toBeNull();
    expect(clientRateLimitKey(request)).toBe('unknown');
  });
});

describe('clientAddress with TRUSTED_PROXIES', () => {
  it('with loopback: takes the right-most X-Forwarded-For hop that is not a trusted proxy', async () => {
    const address = await trusting('loopback');
    // The client forged the left entry; the proxy on 127.0.0.1 appended the address it saw.
    const viaProxy = fromSocket('127.0.0.1', { 'x-forwarded-for': '192.0.2.66, 198.51.100.23' });
    expect(address(viaProxy)).toBe('198.51.100.23');
    // Two trusted hops (an inner proxy on ::1 too).
    expect(address(fromSocket('127.0.0.1', { 'x-forwarded-for': '192.0.2.66, 198.51.100.23, ::1' }))).toBe(
      '198.51.100.23',
    );
    // A peer that is not a trusted proxy is the client, whatever it claims.
    expect(address(fromSocket('203.0.113.9', { 'x-forwarded-for': '198.51.100.23' }))).toBe('203.0.113.9');
  });

  it('with a CIDR: trusts only proxies inside it', async () => {
    const address = await trusting('10.0.0.0/8, 192.168.1.1');
    expect(address(fromSocket('10.1.2.3', { 'x-forwarded-for': '198.51.100.23' }))).toBe('198.51.100.23');
    expect(address(fromSocket('192.168.1.2', { 'x-forwarded-for': '198.51.100.23' }))).toBe('192.168.1.2');
  });

  it('refuses a hop that is not an address rather than storing what a proxy passed on', async () => {
    const address = await trusting('loopback');
    expect(address(fromSocket('127.0.0.1', { 'x-forwarded-for': '<script>' }))).toBeNull();
  });
});

describe('requestMeta', () => {
  it('caps the address at 45 and the user agent at 512 characters', () => {
    const meta = requestMeta(fromSocket('1111:2222:3333:4444:5555:6666:7777:8888', { 'user-agent': 'u'.repeat(2000) }));
    expect(meta.ip!.length).toBeLessThanOrEqual(MAX_IP_LENGTH);
    expect(meta.userAgent).toHaveLength(MAX_USER_AGENT_LENGTH);
  });
});
