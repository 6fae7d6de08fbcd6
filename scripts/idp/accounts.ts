// The demo accounts of the local identity provider. They match the demo users
// the seed puts in the database (prisma/demo-data.ts), so the admin signs in
// as the admin. Development and tests only: README lists them.
import { DEMO_USERS } from '../../prisma/demo-data';

/** One password for every demo account, documented in README. */
export const DEMO_PASSWORD = 'signet-demo';

export type TDemoAccount = {
  sub: string;
  email: string;
  /** Whether the provider vouches for the address (`email_verified`); every demo account does. */
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

export const DEMO_ACCOUNTS: TDemoAccount[] = DEMO_USERS.map((user) => ({
  // Stable and opaque enough: the local part of the email.
  sub: `demo-${user.email.split('@')[0]}`,
  email: user.email,
  emailVerified: true,
  givenName: user.givenName,
  familyName: user.familyName,
}));

/**
 * Tests only (IDP_TEST_HOOKS=true): any address at this domain signs in with
 * the demo password as a brand-new user, so a test that counts documents
 * (monthly quota) or owns data has an account no other test touches.
 */
export const THROWAWAY_DOMAIN = 'test.signet.localhost';
const THROWAWAY_LOCAL = /^[a-z0-9][a-z0-9.+_-]{0,63}$/;

/**
 * Tests only, too: second accounts at the provider (another subject) that
 * claim the address `<local>@test.signet.localhost` of a throwaway account,
 * signed in as `<local>@<kind>.test.signet.localhost`. `unverified` sends
 * `email_verified: false` (anyone may type an address), `second` sends it
 * verified (the same person with a second login), as real providers do.
 */
export const ALIAS_KINDS = ['unverified', 'second'] as const;
type TAliasKind = (typeof ALIAS_KINDS)[number];

function throwawayAccount(local: string, kind: 'test' | TAliasKind = 'test'): TDemoAccount | undefined {
  if (!THROWAWAY_LOCAL.test(local)) return undefined;
  return {
    sub: `${kind}-${local}`,
    email: `${local}@${THROWAWAY_DOMAIN}`,
    emailVerified: kind !== 'unverified',
    givenName: 'Test',
    familyName: local,
  };
}

export function accountBySub(sub: string): TDemoAccount | undefined {
  for (const kind of ['test', ...ALIAS_KINDS] as const) {
    if (sub.startsWith(`${kind}-`)) return throwawayAccount(sub.slice(kind.length + 1), kind);
  }
  return DEMO_ACCOUNTS.find((account) => account.sub === sub);
}

function testAccount(local: string, domain: string | undefined): TDemoAccount | undefined {
  if (domain === THROWAWAY_DOMAIN) return throwawayAccount(local);
  const kind = ALIAS_KINDS.find((candidate) => domain === `${candidate}.${THROWAWAY_DOMAIN}`);
  return kind ? throwawayAccount(local, kind) : undefined;
}

/** The account for a login attempt, or undefined when email or password is wrong. */
export function checkCredentials(
  email: string,
  password: string,
  options: { throwaway?: boolean } = {},
): TDemoAccount | undefined {
  const address = email.trim().toLowerCase();
  const [local = '', domain] = address.split('@');
  const account =
    (options.throwaway ? testAccount(local, domain) : undefined) ??
    DEMO_ACCOUNTS.find((candidate) => candidate.email === address);
  return account && password === DEMO_PASSWORD ? account : undefined;
}

/** OIDC standard claims for an account (profile and email scopes). */
export function claimsOf(account: TDemoAccount) {
  return {
    sub: account.sub,
    email: account.email,
    email_verified: account.emailVerified,
    name: `${account.givenName} ${account.familyName}`,
    given_name: account.givenName,
    family_name: account.familyName,
  };
}
