import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

export declare const BYPASS_HEADER: string;
export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };
export declare function createPageCache(options: {
  paths: string[];
  localeCookie: string;
  visitorCookie?: { name: string; create: () => string };
  fetchFromNext: (path: string, headers: Record<string, string>) => Promise<Answer>;
  maxEntries?: number;
}): { serve: (request: IncomingMessage, response: ServerResponse) => Promise<boolean> };
export declare function chooseEncoding(header: string): 'br' | 'gzip' | 'identity';
export declare function readCookie(header: string, name: string): string | undefined;
