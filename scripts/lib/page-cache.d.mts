import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

export declare const BYPASS_HEADER: string;
export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };
export type LocaleOutcome = (request: {
  pathname: string;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  secFetchDest: string | undefined;
}) => {
  locale: string;
  setsCookie: boolean;
};
export declare function createPageCache(options: {
  paths: string[];
  host: string;
  localeCookie: string;
  localeOutcome: LocaleOutcome;
  visitorCookie?: { name: string; create: () => string };
  fetchFromNext: (path: string, headers: Record<string, string>) => Promise<Answer>;
  maxEntries?: number;
}): { serve: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>; size: () => number };
export declare function chooseEncoding(header: string): 'br' | 'gzip' | 'identity';
export declare function readCookie(header: string, name: string): string | undefined;
