import { readFileSync } from 'node:fs';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { parseRateLimits, ratePolicies } from './server/http/rate-policies';

/**
 * The kinds of value environment variables hold (lib/env.ts): each a zod schema that reads an unset or blank
 * variable as unset, with the parser the server uses again at run time where it needs the parsed list.
 */
export const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
export const optionalUrl = z.preprocess(
  emptyToUndefined,
  z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
);
export const flag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
      .optional()
      .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v))),
  );
export const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'expected a whole number' })
      .int({ error: 'expected a whole number' })
      .positive({ error: 'expected a positive whole number' })
      .max(max, { error: `expected at most ${max}` })
      .default(fallback),
  );

export type DatabaseKind = 'sqlite' | 'postgresql';

/** Which database a URL points at, or null when it is neither of ours. */
export function databaseKind(url: string): DatabaseKind | null {
  if (/^file:.+/.test(url)) return 'sqlite';
  if (/^postgres(ql)?:\/\/[^/]+/.test(url)) return 'postgresql';
  return null;
}

export const ZDatabaseUrl = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .refine((v) => v === undefined || databaseKind(v) !== null, {
      error: 'expected file:<path> (SQLite) or postgresql://user:pass@host:port/db (PostgreSQL)',
    }),
);

/**
 * Strict base64 (RFC 4648 alphabet, padded, canonical) of exactly `bytes`
 * bytes. Node's decoder skips characters it does not know and stops at the
 * first `=`, so a loose check accepts typos, base64url and pasted junk.
 */
export function isBase64Key(value: string, bytes = 32): boolean {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value)) return false;
  const decoded = Buffer.from(value, 'base64');
  return decoded.length === bytes && decoded.toString('base64') === value;
}

export const ZBase64Key = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .refine((v) => v === undefined || isBase64Key(v), {
      error: 'expected exactly 32 random bytes in standard base64 (openssl rand -base64 32)',
    }),
);

/** ADMIN_EMAILS: comma-separated addresses, compared in lower case. */
export const ZEmailList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean)
      : [],
  z.array(z.email({ error: 'expected comma-separated email addresses' })),
);

/** Hosts where plain http is acceptable for the identity provider: this machine, so nothing crosses a network. */
export function isLoopbackHost(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname) || hostname.endsWith('.localhost');
}

export const ZIssuer = z.preprocess(
  emptyToUndefined,
  z
    .url({ protocol: /^https?$/, error: 'expected the https:// URL of an OpenID Connect issuer' })
    .optional()
    .refine((v) => v === undefined || v.startsWith('https://') || isLoopbackHost(new URL(v).hostname), {
      error: 'expected https:// (plain http is allowed only for localhost)',
    }),
);

/** TRUSTED_PROXIES as the list proxy-addr compiles (lib/server/http/client-address.ts). */
export function parseTrustedProxies(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Comma-separated proxy-addr trust list: addresses, CIDRs, loopback, linklocal, uniquelocal. */
export const ZTrustedProxies = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .refine(
      (v) => {
        try {
          proxyaddr.compile(parseTrustedProxies(v));
          return true;
        } catch {
          return false;
        }
      },
      {
        error:
          'expected comma-separated addresses or CIDRs of the proxies in front (or loopback, linklocal, uniquelocal)',
      },
    ),
);

/** Overrides of the named rate limits: `upload=30/3600,contact=5/600` (points per seconds; lib/server/http/rate-policies.ts). */
export const ZRateLimits = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .superRefine((value, context) => {
      const parsed = parseRateLimits(value);
      if ('bad' in parsed) {
        context.addIssue({
          code: 'custom',
          message: `expected name=points/seconds pairs separated by commas (names: ${Object.keys(ratePolicies).join(', ')}), not "${parsed.bad}"`,
        });
      }
    }),
);

/** OUTBOUND_ALLOW_HOSTS: `host:port` pairs, lower case (an IPv6 host in brackets, as in a URL). */
export function parseOutboundAllowHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
}

/** Comma-separated host:port pairs that user-supplied URLs may reach although private (development and tests). */
export const ZOutboundAllowHosts = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .refine((v) => parseOutboundAllowHosts(v).every((pair) => /^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(pair)), {
      error: 'expected comma-separated host:port pairs, e.g. 127.0.0.1:8080,[::1]:9000',
    }),
);

/** VALIDATOR_TRUSTED_CAS: comma-separated paths of PEM files, each holding at least one certificate. */
export function parsePathList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export const ZPemPaths = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .superRefine((value, context) => {
      for (const file of parsePathList(value)) {
        let text = '';
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          context.addIssue({ code: 'custom', message: `cannot read ${file}` });
          return;
        }
        if (!text.includes('-----BEGIN CERTIFICATE-----'))
          context.addIssue({ code: 'custom', message: `${file} holds no PEM certificate` });
      }
    }),
);
