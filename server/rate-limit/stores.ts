import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rawQuery } from '@/db/client';
import type { Policy } from './policies';

/** Where a policy's counters live after `points` are added: the state of the window. */
export type WindowState = { consumed: number; resetSeconds: number };

/** One interface over the stores: add points to a key (0 reads without counting, negative gives back). */
export interface RateLimitStore {
  add(policy: Policy, key: string, points: number): Promise<WindowState>;
}

function fromRes(res: RateLimiterRes): WindowState {
  return { consumed: res.consumedPoints, resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}

/** rate-limiter-flexible limiters, one per policy, built lazily. */
class FlexibleStore implements RateLimitStore {
  private limiters = new Map<string, RateLimiterAbstract>();
  constructor(private make: (policy: Policy) => RateLimiterAbstract) {}

  private limiter(policy: Policy): RateLimiterAbstract {
    const id = `${policy.name}:${policy.points}:${policy.durationSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = this.make(policy);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  async add(policy: Policy, key: string, points: number): Promise<WindowState> {
    const limiter = this.limiter(policy);
    if (points === 0) {
      const res = await limiter.get(key);
      return res ? fromRes(res) : { consumed: 0, resetSeconds: policy.durationSeconds };
    }
    // penalty() counts without rejecting (the caller compares against the policy); reward() gives back.
    return fromRes(points > 0 ? await limiter.penalty(key, points) : await limiter.reward(key, -points));
  }
}

/** In-process counters: the default, and what tests use. */
export function memoryStore(): RateLimitStore {
  return new FlexibleStore(
    (policy) => new RateLimiterMemory({ keyPrefix: policy.name, points: policy.points, duration: policy.durationSeconds }),
  );
}

/** Counters in our Postgres (table rate_limits, created by a migration): shared by several instances, no extra server. */
export function postgresStore(): RateLimitStore {
  // rate-limiter-flexible speaks to a `pg`-style client; this adapts our connection (Postgres or PGlite).
  const client = {
    query: async ({ text, values }: { text: string; values: unknown[] }) => {
      const { rows } = await rawQuery(text, values);
      return { rows, rowCount: rows.length };
    },
  };
  return new FlexibleStore(
    (policy) =>
      new RateLimiterPostgres({
        storeClient: client,
        storeType: 'client',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: policy.name,
        points: policy.points,
        duration: policy.durationSeconds,
      }),
  );
}

/** Upstash Redis over HTTP, for serverless deployments (UPSTASH_REDIS_REST_URL and _TOKEN). */
export function upstashStore(redis = Redis.fromEnv()): RateLimitStore {
  const limiters = new Map<string, Ratelimit>();
  return {
    async add(policy, key, points) {
      const id = `${policy.name}:${policy.points}:${policy.durationSeconds}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        limiter = new Ratelimit({ redis, prefix: `rl:${policy.name}`, limiter: Ratelimit.fixedWindow(policy.points, `${policy.durationSeconds} s`) });
        limiters.set(id, limiter);
      }
      if (points <= 0) {
        // Upstash windows cannot give points back: a refund leaves the attempt counted.
        const remaining = await limiter.getRemaining(key);
        return { consumed: policy.points - remaining.remaining, resetSeconds: Math.max(1, Math.ceil((remaining.reset - Date.now()) / 1000)) };
      }
      const res = await limiter.limit(key, { rate: points });
      return { consumed: policy.points - res.remaining + (res.success ? 0 : points), resetSeconds: Math.max(1, Math.ceil((res.reset - Date.now()) / 1000)) };
    },
  };
}
