import 'server-only';
import NextAuth, { type NextAuthConfig } from 'next-auth';
import { clockTolerance } from 'oauth4webapi';
import { mapClaims } from '@/lib/auth/map-claims';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/server/logger';
import { loadAuthSecret } from './auth-secret';
import { oidcSettings } from './oidc-settings';
import { providerIdentity } from './provider-identity';
import { refreshDueAt, tokenAfterSignIn, tokenOnRequest } from './session-token';
import { signInIdentity } from './sign-in-identity';
import './types';

/** The sign-in page, which also explains sign-in errors (Auth.js sends them there). */
export const SIGN_IN_PAGE = '/sign-in';

/**
 * next-auth with one generic OpenID Connect provider, id `oidc`: discovery,
 * authorization code with PKCE (S256), state and nonce, scopes `openid
 * profile email`, sessions as encrypted JWT cookies. oauth4webapi checks the
 * ID token (issuer, audience, sub, iat, nonce, expiry) with the clock skew
 * of OIDC_CLOCK_SKEW_SECONDS (10 minutes by default). Built lazily,
 * per request, so `next build` needs no provider.
 */
function authConfig(): NextAuthConfig {
  const env = getEnv();
  // Callbacks and redirects are built from the public URL, never from a Host header a client can forge.
  process.env.AUTH_URL ??= `${env.appUrl}/api/auth`;
  const oidc = oidcSettings();
  return {
    secret: loadAuthSecret(env),
    trustHost: true,
    useSecureCookies: env.secureCookies,
    session: { strategy: 'jwt' },
    pages: { signIn: SIGN_IN_PAGE, error: SIGN_IN_PAGE },
    providers: [
      {
        id: 'oidc',
        name: 'OpenID Connect',
        type: 'oidc',
        issuer: oidc.issuer,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        checks: ['pkce', 'state', 'nonce'],
        authorization: { params: { scope: 'openid profile email' } },
        // The ID token is still verified; the profile then comes from userinfo, which every provider fills.
        idToken: false,
        client: {
          token_endpoint_auth_method: oidc.clientSecret ? 'client_secret_basic' : 'none',
          [clockTolerance]: oidc.clockSkewSeconds,
        },
      },
    ],
    callbacks: {
      // The account is found or created here (issuer + subject); a refusal goes to the sign-in page with its reason.
      signIn: async ({ profile }) => {
        const claims = mapClaims((profile ?? {}) as Record<string, unknown>);
        const identity = providerIdentity(profile);
        // Without an email address we cannot own documents: refuse (AccessDenied on the sign-in page).
        if (!claims || !identity) return false;
        const outcome = await signInIdentity(identity, claims, { adminEmails: env.ADMIN_EMAILS });
        return 'refused' in outcome ? `${SIGN_IN_PAGE}?error=${outcome.refused}` : true;
      },
      jwt: async ({ token, account, profile }) => {
        const identity = account ? providerIdentity(profile) : null;
        return account && identity ? tokenAfterSignIn(account, identity) : tokenOnRequest(token);
      },
      session: ({ session, token }) => {
        const due = refreshDueAt(token);
        return {
          ...session,
          sessionVersion: token.sv ?? 0,
          user: { id: token.uid ?? '', name: token.name ?? null, email: token.email ?? '', role: token.role ?? 'USER' },
          ...(due ? { refreshAt: due * 1000 } : {}),
        };
      },
      redirect: ({ url, baseUrl }) => new URL(safeRedirectPath(url, baseUrl, '/'), baseUrl).toString(),
    },
    logger: {
      error: (error) => logger.warn('sign-in error', { error, cause: (error as { cause?: unknown }).cause }),
      warn: (code) => logger.debug('auth warning', { code }),
      debug: () => {},
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(authConfig);
