/**
 * The user fields taken from identity claims after sign-in: email, name (the given name), givenName, familyName, and whether
 * the provider verified the address. Pure, so it is unit-tested; providers
 * differ (some send only `name`). Only the `email` claim is an address:
 * `preferred_username` and `upn` are login names the user may choose or an
 * administrator may type, never proof of owning a mailbox.
 */
export type TUserClaims = {
  email: string;
  /** `email_verified: true` (or the string "true", as Cognito sends it). */
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
};

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return trimmed ? trimmed.slice(0, 200) : null;
}

/** Maps claims to user fields, or returns null when no usable email address is present. */
export function mapClaims(claims: Record<string, unknown>): TUserClaims | null {
  const email = text(claims.email);
  if (!email || !EMAIL.test(email)) return null;
  const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
  const fullName = text(claims.name);
  const [firstWord, ...rest] = fullName?.split(' ') ?? [];
  const givenName = text(claims.given_name) ?? firstWord ?? null;
  const familyName = text(claims.family_name) ?? (rest.length ? rest.join(' ') : null);
  return { email: email.toLowerCase(), emailVerified, name: givenName, givenName, familyName };
}

/** The header avatar's letter: the first letter of the name, 'U' without one. */
export function avatarLetter(name: string | null | undefined): string {
  const first = name?.trim().codePointAt(0);
  return first === undefined ? 'U' : String.fromCodePoint(first).toLocaleUpperCase();
}

type TNamedUser = { name: string | null; givenName: string | null; familyName: string | null };

/**
 * The display name after a sign-in: the given name from the claims, unless
 * the user chose another one in Settings, i.e. the stored name
 * is neither empty nor one the provider's names produced.
 */
export function nextDisplayName(existing: TNamedUser, claims: TUserClaims): string | null {
  const fromProvider = [existing.givenName, [existing.givenName, existing.familyName].filter(Boolean).join(' ')];
  const chosenByUser = existing.name !== null && existing.name !== '' && !fromProvider.includes(existing.name);
  return chosenByUser ? existing.name : (claims.name ?? existing.name);
}
