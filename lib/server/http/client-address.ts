import 'server-only';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';
import { getEnv } from '@/lib/env';
import { parseTrustedProxies } from '@/lib/env-values';
import { logger } from '@/lib/server/logger';

/**
 * Header that scripts/serve.mjs sets, on every request, to the address of the
 * TCP peer. Next.js does not expose the socket to route handlers, and the
 * `X-Forwarded-For` it adds is kept as the client sent it. serve.mjs
 * overwrites this header whatever the client sent, so it cannot be forged.
 */
export const SOCKET_ADDRESS_HEADER = 'x-signet-socket-address';

/** Set on globalThis by scripts/serve.mjs: only then is SOCKET_ADDRESS_HEADER ours rather than the client's. */
export const SOCKET_ADDRESS_MARKER = Symbol.for('signet.socket-address-header');

/** Longest address kept (an IPv6 address with an embedded IPv4 one is 45 characters). */
export const MAX_IP_LENGTH = 45;
export const MAX_USER_AGENT_LENGTH = 512;

let compiled: { source: string | undefined; trust: ReturnType<typeof proxyaddr.compile> } | undefined;

/** TRUSTED_PROXIES compiled once (proxy-addr syntax: addresses, CIDRs, loopback, linklocal, uniquelocal). */
function trustFunction(): ReturnType<typeof proxyaddr.compile> {
  const source = getEnv().TRUSTED_PROXIES;
  if (compiled?.source !== source || !compiled)
    compiled = { source, trust: proxyaddr.compile(parseTrustedProxies(source)) };
  return compiled.trust;
}

let warned = false;

/** The TCP peer's address, or null when the request did not come through scripts/serve.mjs (e.g. `next dev`). */
function socketAddress(request: Request): string | null {
  if (!(globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER]) {
    if (!warned && getEnv().NODE_ENV === 'production') {
      warned = true;
      // Every client then shares one rate-limit bucket and the audit trail records no address.
      logger.warn('client addresses are unknown: serve the app with npm start (scripts/serve.mjs), not next start');
    }
    return null;
  }
  return request.headers.get(SOCKET_ADDRESS_HEADER) || null;
}

/** IPv4-mapped IPv6 (::ffff:192.0.2.1) as plain IPv4; anything that is not an address as null. */
function normalise(address: string | undefined): string | null {
  if (!address || !(ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address))) return null;
  return ipaddr.process(address).toString();
}

/**
 * The client's address: the socket's peer, or, when that peer is one of
 * TRUSTED_PROXIES, the nearest X-Forwarded-For hop that is not a trusted
 * proxy (proxy-addr walks the header right to left). A client can prepend
 * anything to X-Forwarded-For; only hops added by trusted proxies are read.
 * Null when unknown. The one source of the address for rate limits, the
 * audit trail and contact requests.
 */
export function clientAddress(request: Request): string | null {
  const socket = socketAddress(request);
  if (!socket) return null;
  const forwardedFor = request.headers.get('x-forwarded-for') ?? undefined;
  const address = proxyaddr(
    { headers: { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: socket } } as unknown as Parameters<
      typeof proxyaddr
    >[0],
    trustFunction(),
  );
  return normalise(address);
}

/**
 * The key a rate limit counts a client under: its address, or its /64 for
 * IPv6 (one subscriber usually holds a whole /64).
 */
export function clientRateLimitKey(request: Request): string {
  const address = clientAddress(request);
  if (!address) return 'unknown';
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return address;
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}

export type TRequestMeta = { ip: string | null; userAgent: string | null };

/** Caps what a request tells about its sender to what the audit trail and contact requests store. */
export function capRequestMeta(meta: { ip?: string | null; userAgent?: string | null }): TRequestMeta {
  return {
    ip: meta.ip?.slice(0, MAX_IP_LENGTH) || null,
    userAgent: meta.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null,
  };
}

/** The client's address and user agent, as stored with audit events and contact requests. */
export function requestMeta(request: Request): TRequestMeta {
  return capRequestMeta({ ip: clientAddress(request), userAgent: request.headers.get('user-agent') });
}
