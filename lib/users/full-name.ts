/** A user's names as stored: `name` is the display name (the given name unless chosen in Settings). */
export type TUserNames = { name: string | null; givenName: string | null; familyName: string | null };

/**
 * How a person is named to others (mails, the signer's page, the certificate
 * of completion): the full name, given and family, since the display name is
 * only the given name the app greets its user with. A name the user chose in
 * Settings (neither the given name nor the full name) is theirs to show.
 * Null when nothing is known; the caller falls back to the address.
 */
export function fullName(user: TUserNames): string | null {
  const display = user.name?.trim() || null;
  const given = user.givenName?.trim() || null;
  const full = [given, user.familyName?.trim()].filter(Boolean).join(' ') || null;
  if (display && display !== given && display !== full) return display;
  return full ?? display;
}
