import 'server-only';
import { z } from 'zod';
import { oidcSettings } from './oidc-settings';

const ZMetadata = z.object({
  issuer: z.string(),
  token_endpoint: z.url(),
  revocation_endpoint: z.url().optional(),
  end_session_endpoint: z.url().optional(),
});

export type TProviderMetadata = z.infer<typeof ZMetadata>;

let cached: { issuer: string; metadata: Promise<TProviderMetadata> } | undefined;

/** Refresh and logout wait on discovery: a provider that never answers must not hold them (or the cache) forever. */
export const DISCOVERY_TIMEOUT_MS = 10_000;

export async function loadProviderMetadata(
  issuer: string,
  timeoutMs = DISCOVERY_TIMEOUT_MS,
): Promise<TProviderMetadata> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
    cache: 'no-store',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`discovery document of ${issuer} answered ${response.status}`);
  const metadata = ZMetadata.parse(await response.json());
  // Strict, as the sign-in itself: the document must speak for the configured issuer.
  if (new URL(metadata.issuer).href !== new URL(issuer).href)
    throw new Error(`discovery document names issuer ${metadata.issuer}, expected ${issuer}`);
  return metadata;
}

/** The provider's endpoints for refresh, revocation and logout (discovery, cached per process). */
export function providerMetadata(): Promise<TProviderMetadata> {
  const { issuer } = oidcSettings();
  if (cached?.issuer !== issuer) {
    const metadata = loadProviderMetadata(issuer);
    cached = { issuer, metadata };
    // A failed load is not cached: the next call tries again.
    metadata.catch(() => {
      if (cached?.metadata === metadata) cached = undefined;
    });
  }
  return cached.metadata;
}
