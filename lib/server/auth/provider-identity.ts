import 'server-only';
import type { Profile } from 'next-auth';
import { oidcSettings } from './oidc-settings';
import type { TProviderIdentity } from './sign-in-identity';

/**
 * The identity of a verified sign-in: the configured issuer (the ID token
 * was checked against it; a trailing slash is not part of who it is) and the
 * subject, which oauth4webapi checked to be the ID token's in the userinfo
 * answer the profile comes from.
 */
export function providerIdentity(profile: Profile | undefined): TProviderIdentity | null {
  const subject = profile?.sub;
  if (typeof subject !== 'string' || !subject) return null;
  return { issuer: oidcSettings().issuer.replace(/\/+$/, ''), subject };
}
