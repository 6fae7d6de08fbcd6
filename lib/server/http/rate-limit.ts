import 'server-only';
import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { getDb, type TDbClient } from '@/lib/server/db/client';
import { ratePolicy as policyWithOverride, type TRatePolicy, type TRatePolicyName } from './rate-policies';

export { ratePolicies, type TRatePolicy, type TRatePolicyName } from './rate-policies';

/** The named policy, with its RATE_LIMITS override (lib/server/http/rate-policies.ts). */
export function ratePolicy(name: TRatePolicyName, rateLimits = getEnv().RATE_LIMITS): TRatePolicy {
  return policyWithOverride(name, rateLimits);
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
      throw new AppError('RATE_LIMITED', `Too many ${policy.what}; try again in ${retryAfterSeconds} s.`, {
        retryAfterSeconds,
      });
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
