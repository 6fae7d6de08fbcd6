import { parse } from 'cookie';

/**
 * The one cookie parser (npm `cookie`), for the server (a Cookie header) and
 * the browser (document.cookie). A value with broken percent-encoding is
 * returned as sent rather than thrown: a client's bad cookie must never turn
 * a request into a 500. The first of two cookies with one name wins.
 */
export function readCookies(header: string | null | undefined): Record<string, string | undefined> {
  return parse(header ?? '');
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return readCookies(header)[name];
}
