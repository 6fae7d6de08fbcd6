import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { getEnv } from '@/lib/env';
import { parseOutboundAllowHosts } from '@/lib/env-values';

// No private, loopback, link-local (cloud metadata), unspecified or other non-unicast address, judged
// on the addresses DNS answers as the socket connects (so a name cannot change its answer after a check).
const guarded = {
  http: new RequestFilteringHttpAgent({ keepAlive: false }),
  https: new RequestFilteringHttpsAgent({ keepAlive: false }),
};
const open = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };

/** host:port as OUTBOUND_ALLOW_HOSTS lists it. */
export function outboundHostPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();
}

/** Whether the operator allowed this host:port although it may be private (development and tests). */
export function isOutboundAllowed(url: URL): boolean {
  return parseOutboundAllowHosts(getEnv().OUTBOUND_ALLOW_HOSTS).includes(outboundHostPort(url));
}

/** The agent for a request to an address a user supplied: the SSRF guard, unless OUTBOUND_ALLOW_HOSTS lists it. */
export function userUrlAgent(url: URL): http.Agent {
  const kind = url.protocol === 'https:' ? 'https' : 'http';
  return (isOutboundAllowed(url) ? open : guarded)[kind];
}

/** The guard's refusal (request-filtering-agent's message), as opposed to a network failure. */
export function isBlockedAddressError(error: unknown): boolean {
  return error instanceof Error && /is not allowed/.test(error.message);
}
