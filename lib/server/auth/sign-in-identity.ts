import 'server-only';
import { nextDisplayName, type TUserClaims } from '@/lib/auth/map-claims';
import { db, type TDbClient } from '@/lib/server/db/client';

/** Who the provider says signed in: its issuer (as configured, no trailing slash) and the ID token's subject. */
export type TProviderIdentity = { issuer: string; subject: string };

/**
 * Why a sign-in is refused; also the `error` code of the sign-in page.
 * EmailInUse: the address belongs to an account this identity is not linked
 * to, and the provider did not verify it. EmailUnverified: a new account,
 * but the provider did not verify the address it would be created with.
 */
export type TSignInRefusal = 'EmailInUse' | 'EmailUnverified';

export type TSignInOutcome = { userId: string; created: boolean } | { refused: TSignInRefusal };

type TOptions = { adminEmails: readonly string[]; client?: TDbClient };
type TTx = Parameters<Parameters<TDbClient['$transaction']>[0]>[0];

/** Names follow the provider each time; the display name too unless chosen in Settings. */
function names(
  existing: { name: string | null; givenName: string | null; familyName: string | null },
  claims: TUserClaims,
) {
  return {
    givenName: claims.givenName ?? existing.givenName,
    familyName: claims.familyName ?? existing.familyName,
    name: nextDisplayName(existing, claims),
  };
}

/** The operator's ADMIN_EMAILS grant the role, for a verified address only; the provider never decides it. */
function grantsAdmin(claims: TUserClaims, adminEmails: readonly string[]) {
  return claims.emailVerified && adminEmails.includes(claims.email);
}

async function resolve(
  tx: TTx,
  identity: TProviderIdentity,
  claims: TUserClaims,
  adminEmails: readonly string[],
): Promise<TSignInOutcome> {
  const key = { issuer_subject: identity };
  const linked = await tx.userIdentity.findUnique({ where: key, include: { user: true } });
  if (linked) {
    const { user } = linked;
    // A verified new address follows the provider, unless another account holds it.
    const moves =
      claims.emailVerified &&
      claims.email !== user.email &&
      !(await tx.user.findUnique({ where: { email: claims.email } }));
    await tx.user.update({
      where: { id: user.id },
      // The grant needs the claimed address to be this account's own (it may be another account's, which then keeps it).
      data: {
        ...names(user, claims),
        ...(moves ? { email: claims.email } : {}),
        ...(grantsAdmin(claims, adminEmails) && (moves || claims.email === user.email) ? { role: 'ADMIN' } : {}),
      },
    });
    await tx.userIdentity.update({ where: key, data: { lastSignInAt: new Date() } });
    return { userId: user.id, created: false };
  }
  const holder = await tx.user.findUnique({ where: { email: claims.email } });
  // An unverified address proves nothing: it neither links to an account nor creates one.
  if (!claims.emailVerified) return { refused: holder ? 'EmailInUse' : 'EmailUnverified' };
  const role = grantsAdmin(claims, adminEmails) ? ('ADMIN' as const) : undefined;
  if (holder) {
    // The same verified address: the same person (also how users stored before identities were kept get their first one).
    await tx.user.update({ where: { id: holder.id }, data: { ...names(holder, claims), ...(role ? { role } : {}) } });
    await tx.userIdentity.create({ data: { ...identity, userId: holder.id } });
    return { userId: holder.id, created: false };
  }
  const user = await tx.user.create({
    data: {
      email: claims.email,
      name: claims.name,
      givenName: claims.givenName,
      familyName: claims.familyName,
      ...(role ? { role } : {}),
    },
  });
  await tx.userIdentity.create({ data: { ...identity, userId: user.id } });
  return { userId: user.id, created: true };
}

/**
 * The account of a provider identity after a verified sign-in:
 * found by issuer + subject, never by email. A first sign-in links to the
 * account holding the same address only when the provider verified it, and
 * creates an account only for a verified address; otherwise it is refused
 * and nothing is stored. The role is ours: only ADMIN_EMAILS (or `npm run
 * admin`) makes an administrator.
 */
export async function signInIdentity(
  identity: TProviderIdentity,
  claims: TUserClaims,
  options: TOptions,
): Promise<TSignInOutcome> {
  const client = options.client ?? db;
  try {
    return await client.$transaction((tx) => resolve(tx, identity, claims, options.adminEmails));
  } catch (error) {
    // Two first sign-ins of one identity at once (two tabs): the loser finds the winner's rows.
    if ((error as { code?: string }).code !== 'P2002') throw error;
    return client.$transaction((tx) => resolve(tx, identity, claims, options.adminEmails));
  }
}
