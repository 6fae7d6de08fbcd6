import 'server-only';

type TUserRow = {
  id: string;
  email: string;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  locale: string;
  role: string;
  createdAt: Date;
};

/** The fields of a user the API shows its owner; `plan` is their personal workspace's. */
export function publicUser(user: TUserRow, plan: string) {
  const { id, email, name, givenName, familyName, locale, role, createdAt } = user;
  return { id, email, name, givenName, familyName, locale, role, plan, createdAt: createdAt.toISOString() };
}
