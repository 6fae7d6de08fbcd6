import { locales } from '@/lib/i18n/routing';

/** Pages only a signed-in user may open, under any locale prefix. */
const PROTECTED = /^\/(welcome|dashboard|account|settings|admin)(\/.*)?$|^\/(document|invite)\/.+$/;

/** The path without its locale prefix (`/pt/welcome` → `/welcome`). */
export function stripLocale(pathname: string): string {
  const [, first, ...rest] = pathname.split('/');
  if (first && (locales as readonly string[]).includes(first)) return `/${rest.join('/')}`;
  return pathname;
}

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED.test(stripLocale(pathname));
}
