import 'server-only';
import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { getDb, type TDbClient } from '@/lib/server/db/client';

/**
 * Every rate limit of the product, in one place: `points` requests per key
 * within `seconds`. Counted in the database (table RateLimiterFlexible), so
 * every app instance on one database shares each limit. RATE_LIMITS
 * overrides any of them (`upload=30/3600,contact=5/600`).
 */
export const ratePolicies = {
  /** Contact form, per client address: a person writes a few messages, a script many. */
  contact: { points: 5, seconds: 10 * 60, what: 'contact requests from this address' },
  /** Sign-in starts and provider callbacks, per client address (an office behind one NAT signs in together). */
  signIn: { points: 100, seconds: 10 * 60, what: 'sign-in attempts from this address' },
  /** Uploads per user, beside the monthly quota: inspection and conversion are the costliest work we do. */
  upload: { points: 60, seconds: 10 * 60, what: 'uploads' },
} as const satisfies Record<string, TRatePolicy>;

export type TRatePolicy = { points: number; seconds: number; what: string };
export type TRatePolicyName = keyof typeof ratePolicies;

/** The policy with its RATE_LIMITS override applied. */
export function ratePolicy(name: TRatePolicyName, overrides = getEnv().RATE_LIMITS): TRatePolicy {
  const policy: TRatePolicy = ratePolicies[name];
  for (const part of (overrides ?? '').split(',')) {
    const match = /^\s*([a-zA-Z]+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(part);
    if (match?.[1] === name) return { ...policy, points: Number(match[2]), seconds: Number(match[3]) };
  }
  return policy;
}

export type TLimiter = (key: string) => Promise<void>;

/**
 * A limiter for one policy on one database client. RateLimiterPrisma's
 * increment is one `INSERT … ON CONFLICT DO UPDATE SET points = points + n
 * … RETURNING` on both SQLite and PostgreSQL (Prisma 7 with driver adapters
 * issues a native upsert), so concurrent hits from several instances are all
 * counted; tests/db/rate-limit.pg.test.ts holds two instances to one limit.
 */
export function createLimiter(name: TRatePolicyName, client: TDbClient, policy = ratePolicy(name)): TLimiter {
  const limiter = new RateLimiterPrisma({
    storeClient: client,
    tableName: 'rateLimiterFlexible',
    keyPrefix: name,
    points: policy.points,
    duration: policy.seconds,
  });
  return async (key) => {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection; // the store failed: a 500, logged
      const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new AppError('RATE_LIMITED', `Too many ${policy.what}; try again in ${retryAfterSeconds} s.`, { retryAfterSeconds });
    }
  };
}

const holder = globalThis as typeof globalThis & { signetLimiters?: Map<TRatePolicyName, TLimiter> };

/**
 * Counts one request of `key` (a client address, a user id) against the
 * named policy; throws RATE_LIMITED (429 with Retry-After) when over it.
 */
export async function limit(name: TRatePolicyName, key: string): Promise<void> {
  holder.signetLimiters ??= new Map();
  let limiter = holder.signetLimiters.get(name);
  if (!limiter) {
    limiter = createLimiter(name, getDb());
    holder.signetLimiters.set(name, limiter);
  }
  await limiter(key);
}
