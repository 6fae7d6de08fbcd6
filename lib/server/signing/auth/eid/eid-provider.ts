import 'server-only';
import * as oauth from 'oauth4webapi';
import type { TEidSettings } from './eid-settings';

type TRequestOptions = { [oauth.allowInsecureRequests]?: boolean; signal: AbortSignal };

export type TEidProvider = {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  /** Options for each request to the provider, with a fresh timeout. */
  options: () => TRequestOptions;
};

const TIMEOUT_MS = 10_000;
let cached: { issuer: string; as: Promise<oauth.AuthorizationServer> } | undefined;

/** Plain http only for a loopback issuer (lib/env.ts accepts no other); a provider that hangs must not hold the signer. */
function requestOptions(issuer: string): TRequestOptions {
  return {
    ...(issuer.startsWith('http://') ? { [oauth.allowInsecureRequests]: true } : {}),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  };
}

async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  // Strict: the document must name exactly the configured issuer.
  return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, requestOptions(issuer)));
}

/** The eID provider's metadata (discovery, cached per process; a failure is not cached) and our client. */
export async function eidProvider(settings: TEidSettings): Promise<TEidProvider> {
  if (cached?.issuer !== settings.issuer) {
    const as = discover(settings.issuer);
    cached = { issuer: settings.issuer, as };
    as.catch(() => {
      if (cached?.as === as) cached = undefined;
    });
  }
  const as = await cached.as;
  return {
    as,
    client: { client_id: settings.clientId, [oauth.clockTolerance]: settings.clockSkewSeconds },
    clientAuth: settings.clientSecret ? oauth.ClientSecretBasic(settings.clientSecret) : oauth.None(),
    options: () => requestOptions(settings.issuer),
  };
}
