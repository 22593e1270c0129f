import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { revokeApiKey } from '@/server/services/api-keys/revoke-api-key';
import { makeTenant, serviceContext } from '@/test/factories';
import { API_KEY_CACHE_MS } from './api-key-cache';
import { resolveCaller } from './resolve-caller';

describe('resolveCaller with an API key', () => {
  it('records last_used_at at most once a minute, so reads do not write', async () => {
    const t = await makeTenant();
    const { key, id } = await createApiKey({ ctx: serviceContext(t.tenantId, t.manager), input: { name: 'sync' } });
    const headers = new Headers({ authorization: `Bearer ${key}` });
    const lastUsed = async () => (await getDb().select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.at;
    const t0 = new Date('2026-11-01T10:00:00Z');

    expect(await resolveCaller({ db: getDb(), headers, now: t0 })).toMatchObject({ tenantId: t.tenantId, apiKeyId: id });
    expect(await lastUsed()).toEqual(t0);
    // Within the minute: the caller is still resolved, the row is not written.
    expect(await resolveCaller({ db: getDb(), headers, now: new Date(t0.getTime() + 59_000) })).toMatchObject({ apiKeyId: id });
    expect(await lastUsed()).toEqual(t0);
    // After it: written again.
    const later = new Date(t0.getTime() + 61_000);
    await resolveCaller({ db: getDb(), headers, now: later });
    expect(await lastUsed()).toEqual(later);
  });
});

describe('resolveCaller keeps a verified API key briefly', () => {
  it('trusts it for API_KEY_CACHE_MS without reading its row, then reads it again', async () => {
    const t = await makeTenant();
    const { key, id } = await createApiKey({ ctx: serviceContext(t.tenantId, t.manager), input: { name: 'cached' } });
    const headers = new Headers({ authorization: `Bearer ${key}` });
    const t0 = new Date();
    expect(await resolveCaller({ db: getDb(), headers, now: t0 })).toMatchObject({ apiKeyId: id });
    // Revoked behind the service's back (another instance, say): this instance notices once the entry is old.
    await getDb().update(apiKeys).set({ revokedAt: t0 }).where(eq(apiKeys.id, id));
    expect(await resolveCaller({ db: getDb(), headers, now: new Date(t0.getTime() + API_KEY_CACHE_MS - 1) })).toMatchObject({ apiKeyId: id });
    expect(await resolveCaller({ db: getDb(), headers, now: new Date(t0.getTime() + API_KEY_CACHE_MS) })).toBeNull();
  });

  it('forgets it at once when it is revoked here', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const { key, id } = await createApiKey({ ctx, input: { name: 'revoked' } });
    const headers = new Headers({ authorization: `Bearer ${key}` });
    expect(await resolveCaller({ db: getDb(), headers, now: new Date() })).toMatchObject({ apiKeyId: id });
    await revokeApiKey({ ctx, input: { id } });
    expect(await resolveCaller({ db: getDb(), headers, now: new Date() })).toBeNull();
  });
});
