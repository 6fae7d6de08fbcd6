import { legacyLocaleAliases } from './routing';

/**
 * The path a legacy-locale URL (`/cz/...`, `/sn/...`) moves to, or null when
 * the path does not start with a legacy code.
 */
export function legacyLocaleRedirect(pathname: string): string | null {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  if (!match) return null;
  const target = legacyLocaleAliases[match[1] ?? ''];
  if (!target) return null;
  return `/${target}${match[2] ?? ''}`;
}
