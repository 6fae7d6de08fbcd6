import 'server-only';

type TUserRow = {
  id: string;
  email: string;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  locale: string;
  role: string;
  plan: string;
  createdAt: Date;
};

/** The fields of a user the API shows its owner. */
export function publicUser(user: TUserRow) {
  const { id, email, name, givenName, familyName, locale, role, plan, createdAt } = user;
  return { id, email, name, givenName, familyName, locale, role, plan, createdAt: createdAt.toISOString() };
}
