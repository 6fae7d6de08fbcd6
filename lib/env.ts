import path from 'node:path';
import { z } from 'zod';
import { parseEscrowPublicKey } from './biometric-env';
import { resolveDkim, type TDkim } from './dkim-env';
import {
  type DatabaseKind,
  databaseKind,
  emptyToUndefined,
  flag,
  optionalString,
  optionalUrl,
  positiveInt,
  ZBase64Key,
  ZDatabaseUrl,
  ZEmailList,
  ZIssuer,
  ZOutboundAllowHosts,
  ZPemPaths,
  ZRateLimits,
  ZTrustedProxies,
} from './env-values';
import { readSigningP12 } from './signing-p12-env';

/**
 * Every environment variable the product reads, validated once at start.
 * Unset optional variables fall back to the embedded default (SQLite file,
 * local encrypted blobs, in-process jobs, mail outbox), so a fresh clone runs
 * with no configuration. README.md documents each one; keep them in step.
 */

export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: positiveInt(3000, 65535),
  APP_URL: optionalUrl,
  DATA_DIR: optionalString,
  DATABASE_URL: ZDatabaseUrl,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['debug', 'info', 'warn', 'error'], { error: 'expected debug, info, warn or error' }).default('info'),
  ),
  STORAGE_DRIVER: z.preprocess(
    emptyToUndefined,
    z.enum(['local', 's3'], { error: 'expected local or s3' }).default('local'),
  ),
  BLOB_ENCRYPTION_KEY: ZBase64Key,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag(true),
  // Uploads and office conversion (docs/uploads.md).
  UPLOAD_MAX_BYTES: positiveInt(25 * 1024 * 1024, 1024 * 1024 * 1024),
  UPLOAD_MAX_PAGES: positiveInt(500, 10_000),
  // Files signers attach (attachment fields): each is held whole in memory while it is checked, so bounded well below uploads.
  SIGNER_ATTACHMENT_MAX_BYTES: positiveInt(10 * 1024 * 1024, 100 * 1024 * 1024),
  SIGNER_ATTACHMENT_MAX_COUNT: positiveInt(10, 100),
  OFFICE_CONVERSION_TIMEOUT_MS: positiveInt(60_000, 600_000),
  OFFICE_CONVERSION_CONCURRENCY: positiveInt(1, 16),
  // The converter's sandbox (docs/uploads.md, The conversion sandbox): the bubblewrap binary, and the address space soffice may map.
  OFFICE_SANDBOX_BWRAP: z.preprocess(emptyToUndefined, z.string().default('bwrap')),
  OFFICE_CONVERSION_MEMORY_MB: positiveInt(3072, 65_536),
  JOBS_ENABLED: flag(true),
  JOB_CONCURRENCY: positiveInt(2, 64),
  JOB_POLL_INTERVAL_MS: positiveInt(1000, 60_000),
  // A claimed job's lease, renewed every third of it while its handler runs (lib/server/jobs/job-lease.ts).
  JOB_LEASE_MS: positiveInt(30_000, 3_600_000).refine((v) => v >= 1000, { error: 'expected at least 1000 ms' }),
  // On SIGTERM/SIGINT, how long running jobs may finish before they are aborted and queued again.
  JOB_SHUTDOWN_GRACE_MS: positiveInt(25_000, 600_000),
  // Retention (docs/retention.md): days the sealed PDF and certificate are kept after completion; 0 deletes them right after the completion mails.
  RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'expected a whole number of days' })
      .int({ error: 'expected a whole number of days' })
      .min(0, { error: 'expected 0 or more days' })
      .max(36_500, { error: 'expected at most 36500 days' })
      .default(30),
  ),
  // How often /api/health's background probe may run (database, storage, jobs).
  HEALTH_PROBE_INTERVAL_MS: positiveInt(30_000, 3_600_000).refine((v) => v >= 1000, {
    error: 'expected at least 1000 ms',
  }),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^smtps?$/, error: 'expected smtp://user:pass@host:port or smtps://…' }).optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Signet <no-reply@signet.localhost>')),
  // DKIM signing of every mail (lib/dkim-env.ts): all three or none; the key as PEM text or a file path.
  DKIM_DOMAIN: optionalString,
  DKIM_SELECTOR: optionalString,
  DKIM_PRIVATE_KEY: optionalString,
  // Wraps the key of every biometric record (lib/server/signatures/escrow-key.ts); unset: a generated pair.
  BIOMETRIC_ESCROW_PUBLIC_KEY: optionalString,
  // The seal's key and chain (lib/server/trust): a PKCS#12 path or base64, and its password. Unset: the instance's own CA.
  SIGNING_P12: optionalString,
  SIGNING_P12_PASSWORD: z.string().optional(),
  // An RFC 3161 time-stamp authority: seals become B-T, B-LT and B-LTA (lib/server/pdf/seal/seal-pdf.ts). Unset: B-B.
  TSA_URL: optionalUrl,
  // Extra roots the public validator trusts beside this instance's CA and the system store (reported as "system").
  VALIDATOR_TRUSTED_CAS: ZPemPaths,
  // The public validator's worker threads (lib/server/validate/pdf-validator.ts): how many, the heap and the time
  // each validation may take (past either: 422 TOO_COMPLEX), and how many may wait (past that: 503).
  VALIDATE_WORKERS: positiveInt(1, 16),
  VALIDATE_MAX_HEAP_MB: positiveInt(512, 16_384).refine((v) => v >= 64, { error: 'expected at least 64 MB' }),
  VALIDATE_TIMEOUT_MS: positiveInt(8000, 600_000).refine((v) => v >= 100, { error: 'expected at least 100 ms' }),
  VALIDATE_MAX_QUEUE: positiveInt(8, 1000),
  // Where contact-form requests are announced (lib/server/contact).
  SALES_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ error: 'expected an email address' }).default('sales@signet.localhost'),
  ),
  EXTERNAL_WEB_URL: optionalUrl,
  EXTERNAL_APP_URL: optionalUrl,
  EXTERNAL_WEBFORMS_URL: optionalUrl,
  API_DOCS_URL: optionalUrl,
  // The footer's social icons (components/marketing/social-links.tsx) open the operator's own pages; an unset one is hidden.
  SOCIAL_LINKEDIN_URL: optionalUrl,
  SOCIAL_X_URL: optionalUrl,
  SOCIAL_FACEBOOK_URL: optionalUrl,
  SOCIAL_YOUTUBE_URL: optionalUrl,
  SOCIAL_GITHUB_URL: optionalUrl,
  OIDC_ISSUER: ZIssuer,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_CLOCK_SKEW_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'expected a whole number of seconds' })
      .int({ error: 'expected a whole number of seconds' })
      .min(0, { error: 'expected 0 or more seconds' })
      .max(3600, { error: 'expected at most 3600 seconds' })
      .default(600),
  ),
  // The eID provider signers authenticate with when a recipient's auth is `oidc` (docs/signer-authentication.md); unset: `npm start`
  // points them at the local provider when it runs, otherwise sending to such a recipient is refused.
  SIGNER_OIDC_ISSUER: ZIssuer,
  SIGNER_OIDC_CLIENT_ID: optionalString,
  SIGNER_OIDC_CLIENT_SECRET: optionalString,
  // What an eID sign-in whose verified name is not the recipient's leads to (docs/signer-authentication.md):
  // `review` lets them sign and holds the seal until the owner accepts; `refuse` turns the sign-in away.
  EID_NAME_MISMATCH: z.preprocess(
    emptyToUndefined,
    z.enum(['review', 'refuse'], { error: 'expected review or refuse' }).default('review'),
  ),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { error: 'expected at least 32 characters (openssl rand -base64 32)' }).optional(),
  ),
  TRUSTED_PROXIES: ZTrustedProxies,
  // Addresses users supply (document.url, webhooks) may reach these host:port pairs even when private (docs/api.md, docs/webhooks.md).
  OUTBOUND_ALLOW_HOSTS: ZOutboundAllowHosts,
  RATE_LIMITS: ZRateLimits,
  // Operator-named administrators: granted at sign-in with a verified address, never by a provider claim.
  ADMIN_EMAILS: ZEmailList,
  // How stale a session may be: deleted users, "sign out everywhere" and demotion take effect within this.
  SESSION_RECHECK_SECONDS: positiveInt(120, 900),
  IDP_PORT: positiveInt(3001, 65535),
  IDP_ACCESS_TOKEN_TTL: positiveInt(900, 86_400).refine((v) => v >= 30, { error: 'expected at least 30 seconds' }),
  IDP_TEST_HOOKS: flag(false),
});

export type TRawEnv = z.infer<typeof ZEnv>;

export type TEnv = TRawEnv & {
  /** Absolute data folder: SQLite file, blobs, generated keys, mail outbox. */
  dataDir: string;
  databaseUrl: string;
  databaseKind: DatabaseKind;
  appUrl: string;
  /** Cookies carry Secure (and the session's its __Secure- name) when the public address is https. */
  secureCookies: boolean;
  /** DKIM signing, when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are all set. */
  dkim: TDkim | undefined;
};

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`Invalid environment variable ${variable}: ${problem}`);
    this.name = 'EnvError';
  }
}

/** Parses an environment; throws EnvError naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): TEnv {
  const result = ZEnv.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new EnvError(variable, issue?.message ?? 'invalid value');
  }
  const raw = result.data;
  if (raw.STORAGE_DRIVER === 's3') {
    // The key too: a development key generated per data folder would differ between instances sharing the bucket.
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'BLOB_ENCRYPTION_KEY'] as const) {
      if (!raw[name]) throw new EnvError(name, 'required when STORAGE_DRIVER=s3');
    }
  }
  if (raw.OIDC_ISSUER && !raw.OIDC_CLIENT_ID) throw new EnvError('OIDC_CLIENT_ID', 'required when OIDC_ISSUER is set');
  if (raw.SIGNER_OIDC_ISSUER && !raw.SIGNER_OIDC_CLIENT_ID)
    throw new EnvError('SIGNER_OIDC_CLIENT_ID', 'required when SIGNER_OIDC_ISSUER is set');
  if (!raw.SIGNER_OIDC_ISSUER && (raw.SIGNER_OIDC_CLIENT_ID || raw.SIGNER_OIDC_CLIENT_SECRET)) {
    throw new EnvError('SIGNER_OIDC_ISSUER', 'required when SIGNER_OIDC_CLIENT_ID or SIGNER_OIDC_CLIENT_SECRET is set');
  }
  const dkim = resolveDkim(raw);
  if (dkim && 'problem' in dkim) throw new EnvError(dkim.variable, dkim.problem);
  if (raw.BIOMETRIC_ESCROW_PUBLIC_KEY) {
    const escrow = parseEscrowPublicKey(raw.BIOMETRIC_ESCROW_PUBLIC_KEY);
    if ('problem' in escrow) throw new EnvError('BIOMETRIC_ESCROW_PUBLIC_KEY', escrow.problem);
  }
  if (raw.SIGNING_P12) {
    const p12 = readSigningP12(raw.SIGNING_P12);
    if ('problem' in p12) throw new EnvError('SIGNING_P12', p12.problem);
  } else if (raw.SIGNING_P12_PASSWORD) {
    throw new EnvError('SIGNING_P12', 'required when SIGNING_P12_PASSWORD is set');
  }
  // A run-time folder, not files of the build: without the marker the build traces (and warns about) the whole project.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ raw.DATA_DIR ?? 'data');
  const databaseUrl = raw.DATABASE_URL ?? `file:${path.join(dataDir, 'signet.db')}`;
  const kind = databaseKind(databaseUrl) ?? 'sqlite';
  if (kind === 'postgresql' && !raw.AUTH_SECRET) {
    // PostgreSQL means (or may mean) several instances: a secret generated into each data folder would not be shared.
    throw new EnvError(
      'AUTH_SECRET',
      'required when DATABASE_URL is PostgreSQL, so every instance shares the session key (openssl rand -base64 32)',
    );
  }
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  return {
    ...raw,
    dataDir,
    databaseUrl,
    databaseKind: kind,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    dkim,
  };
}

let cached: TEnv | undefined;

/** The validated environment of this process (parsed on first use). */
export function getEnv(): TEnv {
  cached ??= parseEnv();
  return cached;
}
