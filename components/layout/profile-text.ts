/** The profile popover's pages: the Dashboard (the workspace's home), Account, Settings, and Admin only for admins. */
export const PROFILE_LINKS = [
  { key: 'dashboard', href: '/dashboard' },
  { key: 'account', href: '/account' },
  { key: 'settings', href: '/settings' },
  { key: 'admin', href: '/admin' },
] as const;

/**
 * auth.menu, translated by SiteHeader, with the links' localized addresses.
 * `label` holds `nameSlot` where the signed-in user's name goes: the server
 * formats the message, the browser only fills in the name it learns later.
 */
export type ProfileText = {
  label: string;
  nameSlot: string;
  signedInAs: string;
  logout: string;
  loggingOut: string;
  logoutFailed: string;
  links: { key: (typeof PROFILE_LINKS)[number]['key']; label: string; href: string }[];
};

export function profileLabel(text: ProfileText, name: string) {
  return text.label.split(text.nameSlot).join(name);
}
