import 'server-only';
import ipaddr from 'ipaddr.js';
import { AppError } from '@/lib/errors';
import { isOutboundAllowed } from '@/lib/server/outbound/user-url-agent';

function refuse(message: string): AppError {
  return new AppError('INVALID_INPUT', message, { fieldErrors: [{ path: 'url', message }] });
}

/** A literal address, or a name that always means this machine, outside public unicast space. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.process(host);
  return address.range() !== 'unicast';
}

/**
 * A webhook's address as a user may set it: https, or http only where the
 * operator allows that host:port (OUTBOUND_ALLOW_HOSTS, development and
 * tests); no credentials; no literal private address. A name is judged again
 * on what DNS answers at every delivery (lib/server/outbound/user-url-agent.ts),
 * so one that later resolves into the private network is still not reached.
 */
export function checkWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('Not a valid URL.');
  }
  const allowed = isOutboundAllowed(url);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed))
    throw refuse('Webhook addresses must use https.');
  if (url.username || url.password)
    throw refuse('Addresses with credentials are not allowed; authenticate deliveries by their signature.');
  if (url.hash) throw refuse('Webhook addresses cannot have a fragment.');
  if (!allowed && isPrivateHost(url.hostname))
    throw refuse('The address points into a private network, which Signet does not send to.');
  return url;
}
