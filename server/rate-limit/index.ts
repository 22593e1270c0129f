import { type PolicyName, policies } from './policies';
import { memoryStore, postgresStore, type RateLimitStore, upstashStore } from './stores';

export type LimitState = { limit: number; remaining: number; resetSeconds: number };

function chooseStore(): RateLimitStore {
  const configured = process.env.RATE_LIMIT_STORE ?? (process.env.UPSTASH_REDIS_REST_URL ? 'upstash' : 'memory');
  if (configured === 'postgres') return postgresStore();
  if (configured === 'upstash') return upstashStore();
  return memoryStore();
}

const holder = globalThis as unknown as { __rateLimitStore?: RateLimitStore };
function store(): RateLimitStore {
  holder.__rateLimitStore ??= chooseStore();
  return holder.__rateLimitStore;
}

/** RateLimit-* headers of API.md for the tightest of the given states. */
export function rateLimitHeaders(state: LimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(Math.max(0, state.remaining)),
    'RateLimit-Reset': String(state.resetSeconds),
  };
}

async function measure(name: PolicyName, keys: string[], points: number, rs: RateLimitStore): Promise<LimitOutcome> {
  const policy = policies()[name];
  const states = await Promise.all(keys.map((key) => rs.add(policy, key, points)));
  const worst = states.reduce((a, b) => (b.consumed > a.consumed ? b : a));
  // Reading (points 0) refuses once the window is full; counting refuses once it is over.
  const exceeded = points === 0 ? worst.consumed >= policy.points : points > 0 && worst.consumed > policy.points;
  return { limit: policy.points, remaining: policy.points - worst.consumed, resetSeconds: worst.resetSeconds, exceeded };
}

export type LimitOutcome = LimitState & { exceeded: boolean };

/** Counts one request against every key (per email and per IP, say); `exceeded` once any is over the policy. */
export function consume(name: PolicyName, keys: string[], rs: RateLimitStore = store()): Promise<LimitOutcome> {
  return measure(name, keys, 1, rs);
}

/** Reads without counting: `exceeded` when a window is already full (for policies that count only failures). */
export function check(name: PolicyName, keys: string[], rs: RateLimitStore = store()): Promise<LimitOutcome> {
  return measure(name, keys, 0, rs);
}

/** Counts a failure (a wrong password, a bad invitation token) against every key. */
export const recordFailure = consume;

/** Gives back a point counted up front for an attempt that turned out not to be a failure. */
export function refund(name: PolicyName, keys: string[], rs: RateLimitStore = store()): Promise<LimitOutcome> {
  return measure(name, keys, -1, rs);
}

export { memoryStore, postgresStore, upstashStore, type RateLimitStore };
