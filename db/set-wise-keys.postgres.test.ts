import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTenant } from '@/test/factories';

/*
 * Set-wise keys (migration 0022) lock the parents they check `for key share`, as a foreign key check does, so a
 * writer and a concurrent delete of its parent take turns. Postgres only: two connections (vitest.config.ts).
 */
describe('set-wise keys under concurrency', () => {
  const writer = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const deleter = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  afterAll(async () => {
    await Promise.all([writer.end(), deleter.end()]);
  });
  const settledWithin = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true, () => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);
  const eventsOf = async (tenantId: string) => Number((await deleter`select count(*)::int as n from events where tenant_id = ${tenantId}`)[0]!.n);

  it('a delete of the tenant waits for a writer of its events, then takes them; a writer waits for a delete, then is refused', async () => {
    const { tenantId } = await makeTenant();
    // The writer's event, not committed: the tenant's row is locked for key share.
    await writer`begin`;
    await writer`insert into events (tenant_id, type, data) values (${tenantId}, 'payment.received', '{}')`;
    const deleting = deleter`delete from tenants where id = ${tenantId}`.execute();
    expect(await settledWithin(deleting, 300)).toBe(false);
    await writer`commit`;
    await deleting;
    expect(await eventsOf(tenantId)).toBe(0);

    const other = await makeTenant();
    await deleter`begin`;
    await deleter`delete from tenants where id = ${other.tenantId}`;
    const writing = writer`insert into events (tenant_id, type, data) values (${other.tenantId}, 'payment.received', '{}')`.execute();
    expect(await settledWithin(writing, 300)).toBe(false);
    await deleter`commit`;
    await expect(writing).rejects.toMatchObject({ code: '23503' });
    expect(await eventsOf(other.tenantId)).toBe(0);
  });
});
