import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { idempotencyKeys } from '@/db/schema';
import { ValidationError } from '@/server/services/errors';
import type { Caller } from './context';

/** A key is honoured this long; after that the same key starts afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A request still marked running after this long died with its process: its key may be used again. */
const ABANDONED_MS = 5 * 60_000;
/** Answers that hold a secret shown once are not stored, so the same key cannot show it again. */
const SECRET_ANSWERS = new Set(['/api/api-keys']);

export type IdempotencyClaim =
  | { kind: 'none' }
  | { kind: 'claimed'; id: string; storeBody: boolean }
  | { kind: 'replay'; response: Response };

/**
 * `Idempotency-Key` on an authenticated POST: the first request claims the key (a unique row, so two at once
 * cannot both run); a repeat with the same method, path and body gets the first answer back without the work
 * being done again; the same key with another request is 422; one still running is 409. Calls without a
 * caller (sign-in and friends, whose answers hold tokens) are not covered.
 */
export async function claimIdempotencyKey(db: Db, req: Request, caller: Caller | null, body: Uint8Array, now: Date): Promise<IdempotencyClaim> {
  const key = req.headers.get('idempotency-key');
  if (req.method.toUpperCase() !== 'POST' || key === null || !caller) return { kind: 'none' };
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Idempotency-Key must be 1 to 255 visible ASCII characters' });
  const url = new URL(req.url);
  const requestHash = createHash('sha256').update(`POST ${url.pathname}${url.search}\n`).update(body).digest('hex');
  const principal = caller.apiKeyId ? `key:${caller.apiKeyId}` : `user:${caller.userId}`;
  const scope = and(eq(idempotencyKeys.tenantId, caller.tenantId), eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key));

  // A key past its 24 hours, or left running by a process that died, is free again.
  await db
    .delete(idempotencyKeys)
    .where(and(scope, or(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)), and(isNull(idempotencyKeys.completedAt), lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_MS))))));
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ tenantId: caller.tenantId, principal, key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (claimed) return { kind: 'claimed', id: claimed.id, storeBody: !SECRET_ANSWERS.has(url.pathname) };

  const [first] = await db.select().from(idempotencyKeys).where(scope);
  if (!first) throw new TRPCError({ code: 'CONFLICT', message: 'A request with this Idempotency-Key is being processed; try again' });
  if (first.requestHash !== requestHash) throw new ValidationError([{ path: 'Idempotency-Key', message: 'was already used with another request' }]);
  if (!first.completedAt) throw new TRPCError({ code: 'CONFLICT', message: 'A request with this Idempotency-Key is still being processed' });
  if (first.responseBody === null && first.responseStatus !== 204) {
    throw new TRPCError({ code: 'CONFLICT', message: 'This request was already made with this Idempotency-Key; its answer held a secret that is shown only once' });
  }
  const headers = new Headers({ 'Idempotent-Replayed': 'true' });
  if (first.responseBody !== null) headers.set('Content-Type', 'application/json');
  return { kind: 'replay', response: new Response(first.responseBody, { status: first.responseStatus!, headers }) };
}

/**
 * Keeps the answer of a claimed request for repeats (4xx too: a repeat gets the same refusal) and returns it
 * unread. A server error or a 429 frees the key instead, so the client can retry.
 */
export async function completeIdempotencyKey(db: Db, claim: IdempotencyClaim, response: Response, now: Date): Promise<Response> {
  if (claim.kind !== 'claimed') return response;
  // A server error or a rate limit (429, with its Retry-After) is not the request's answer: the key is freed
  // so the client's retry runs it.
  if (response.status >= 500 || response.status === 429) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claim.id));
    return response;
  }
  const text = response.status === 204 ? null : await response.text();
  await db
    .update(idempotencyKeys)
    // A refusal holds no secret: kept for every route.
    .set({ responseStatus: response.status, responseBody: claim.storeBody || response.status >= 400 ? text : null, completedAt: now })
    .where(eq(idempotencyKeys.id, claim.id));
  return new Response(text, { status: response.status, headers: response.headers });
}

/** Frees a claimed key when the request failed before it had an answer. */
export async function releaseIdempotencyKey(db: Db, claim: IdempotencyClaim): Promise<void> {
  if (claim.kind === 'claimed') await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claim.id));
}

/** Deletes keys past their 24 hours (the daily clean-up). */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))).returning({ id: idempotencyKeys.id });
  return rows.length;
}
