/**
 * API keys verified recently, by key hash, so that a burst of requests with one key does not look it up each
 * time. Kept on globalThis: Next loads this module once per bundle (the REST route, tRPC, instrumentation),
 * and a revocation in any of them must reach the others. Revoking on this server forgets the key at once;
 * another instance of the server may accept it for up to API_KEY_CACHE_MS.
 */
export const API_KEY_CACHE_MS = 5_000;
const MAX_KEYS = 1_000;

export type VerifiedKey = { id: string; tenantId: string; createdBy: string | null; lastUsedAt: Date | null };
type Entry = VerifiedKey & { verifiedAt: number };
type Cache = { keys: Map<string, Entry>; generation: number };

const holder = globalThis as unknown as { __apiKeyCache?: Cache };
const cache = (holder.__apiKeyCache ??= { keys: new Map(), generation: 0 });

export function cachedApiKey(keyHash: string, now: Date): VerifiedKey | null {
  const entry = cache.keys.get(keyHash);
  if (!entry) return null;
  const age = now.getTime() - entry.verifiedAt;
  if (age < 0 || age >= API_KEY_CACHE_MS) {
    cache.keys.delete(keyHash);
    return null;
  }
  return entry;
}

/** Call before the lookup; `remember` with its value stores nothing if a key was forgotten meanwhile. */
export function cacheGeneration(): number {
  return cache.generation;
}

/** The key as kept (its `lastUsedAt` may be updated in place), or as given when it is not kept. */
export function rememberApiKey(keyHash: string, key: VerifiedKey, now: Date, generation: number): VerifiedKey {
  if (generation !== cache.generation) return key;
  if (cache.keys.size >= MAX_KEYS) cache.keys.clear();
  const entry = { ...key, verifiedAt: now.getTime() };
  cache.keys.set(keyHash, entry);
  return entry;
}

/** After a key was revoked (or its row changed): it is looked up again on its next use. */
export function forgetApiKey(id: string): void {
  cache.generation++;
  for (const [hash, entry] of cache.keys) if (entry.id === id) cache.keys.delete(hash);
}
