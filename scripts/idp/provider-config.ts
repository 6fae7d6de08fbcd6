// Configuration of the local OpenID Connect provider (npm `oidc-provider`, a
// certified implementation): one confidential client for the app, PKCE
// required, profile claims in the ID token, refresh tokens without
// offline_access, and a logout that ends the provider session at once. A
// second client stands in for an eID provider when signers must authenticate
// with `auth: oidc` and no SIGNER_OIDC_ISSUER is configured.
import { createHmac } from 'node:crypto';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { accountBySub, claimsOf } from './accounts';
import { escapeHtml, logoutPage, postLogoutPage } from './pages';
import type { TIdpSecrets } from './secrets';

export const LOCAL_CLIENT_ID = 'signet-local';
/** The signers' eID client of the local provider (authorization code only, no refresh). */
export const SIGNER_CLIENT_ID = 'signet-signer';

/** The signer client's secret, derived from the app client's, so the secrets file needs no new entry. */
export function signerClientSecret(secrets: Pick<TIdpSecrets, 'clientSecret'>): string {
  return createHmac('sha256', secrets.clientSecret).update(SIGNER_CLIENT_ID).digest('base64url');
}

export type TIdpOptions = {
  /** Where the app is served; the client's redirect URIs hang off it. */
  appUrl: string;
  secrets: TIdpSecrets;
  /** Access-token lifetime in seconds (short in tests to exercise refresh). */
  accessTokenTtl: number;
};

const LOCALE_PREFIXES = ['', '/pt', '/cs', '/es'];

/**
 * `accessTokenTtl` may be a function, read for every token issued: the test
 * hooks of server.ts shorten the lifetime for one test at a time.
 */
export function providerConfiguration({
  appUrl,
  secrets,
  accessTokenTtl,
}: Omit<TIdpOptions, 'accessTokenTtl'> & { accessTokenTtl: number | (() => number) }): Configuration {
  const tokenTtl = typeof accessTokenTtl === 'number' ? () => accessTokenTtl : accessTokenTtl;
  return {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: secrets.clientSecret,
        client_name: 'Signet',
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        post_logout_redirect_uris: LOCALE_PREFIXES.map((prefix) => `${appUrl}${prefix || '/'}`),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      {
        client_id: SIGNER_CLIENT_ID,
        client_secret: signerClientSecret(secrets),
        client_name: 'Signet signing (eID)',
        redirect_uris: [`${appUrl}/api/v1/signing/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [secrets.signingKey] },
    cookies: { keys: secrets.cookieKeys },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Put the profile and email claims in the ID token too, not only in userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = postLogoutPage();
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accountBySub(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => claimsOf(account) };
    },
    // The app is first-party: grant its scopes without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, provider, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile offline_access');
      await grant.save();
      return grant;
    },
    // The spec asks for `openid profile email` only; refresh anyway when the client may.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: () => tokenTtl(),
      IdToken: () => tokenTtl(),
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p></main></body></html>`;
    },
  };
}
