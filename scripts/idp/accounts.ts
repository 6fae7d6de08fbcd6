// The demo accounts of the local identity provider. They match the demo users
// the seed puts in the database (prisma/demo-data.ts), so the admin signs in
// as the admin. Development and tests only: README lists them.
import { DEMO_USERS } from '../../prisma/demo-data';

/** One password for every demo account, documented in README. */
export const DEMO_PASSWORD = 'signet-demo';

export type TDemoAccount = {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
};

export const DEMO_ACCOUNTS: TDemoAccount[] = DEMO_USERS.map((user) => ({
  // Stable and opaque enough: the local part of the email.
  sub: `demo-${user.email.split('@')[0]}`,
  email: user.email,
  givenName: user.givenName,
  familyName: user.familyName,
}));

export function accountBySub(sub: string): TDemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.sub === sub);
}

/** The account for a login attempt, or undefined when email or password is wrong. */
export function checkCredentials(email: string, password: string): TDemoAccount | undefined {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === email.trim().toLowerCase());
  return account && password === DEMO_PASSWORD ? account : undefined;
}

/** OIDC standard claims for an account (profile and email scopes). */
export function claimsOf(account: TDemoAccount) {
  return {
    sub: account.sub,
    email: account.email,
    email_verified: true,
    name: `${account.givenName} ${account.familyName}`,
    given_name: account.givenName,
    family_name: account.familyName,
  };
}
