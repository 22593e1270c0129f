import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeTenant } from '@/test/factories';
import { bulkInsert, textLiteral } from './bulk-insert';
import { getDb } from './client';
import { events, webhookEndpoints } from './schema';

describe('bulkInsert', () => {
  it('stores rows as given, whether a column has one value in every row (sent once) or differs', async () => {
    const { tenantId } = await makeTenant();
    const at = new Date('2026-11-20T10:00:00.123Z');
    // Alike in every column but the id: json stays json (a text is a JSON string, not a cast), the Date its instant.
    await bulkInsert(getDb(), events, [
      { tenantId, type: 'x.alike', data: 'text', occurredAt: at },
      { tenantId, type: 'x.alike', data: 'text', occurredAt: new Date(at.getTime()) },
    ]);
    const alike = await getDb().select().from(events).where(and(eq(events.tenantId, tenantId), eq(events.type, 'x.alike')));
    expect(alike.map((e) => [e.tenantId, e.data, e.occurredAt.toISOString()])).toEqual([
      [tenantId, 'text', at.toISOString()],
      [tenantId, 'text', at.toISOString()],
    ]);

    // Booleans, nulls, a number, a missing value (null), an array, a column no row gives (its default).
    await bulkInsert(getDb(), webhookEndpoints, [
      { tenantId, url: 'https://a.test/1', events: ['invoice.paid'], active: false, description: null, consecutiveFailures: 3, secretEncrypted: 's', leasedUntil: at },
      { tenantId, url: 'https://a.test/2', events: ['invoice.paid'], active: false, consecutiveFailures: 3, secretEncrypted: 's', leasedUntil: at },
      { tenantId, url: 'https://a.test/3', events: ['payment.received'], active: false, description: 'third', consecutiveFailures: 3, secretEncrypted: 's', leasedUntil: null },
    ]);
    const rows = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.tenantId, tenantId)).orderBy(asc(webhookEndpoints.url));
    expect(rows.map((r) => [r.url, r.events, r.active, r.description, r.consecutiveFailures, r.leasedUntil?.toISOString() ?? null, r.disabledReason])).toEqual([
      ['https://a.test/1', ['invoice.paid'], false, null, 3, at.toISOString(), null],
      ['https://a.test/2', ['invoice.paid'], false, null, 3, at.toISOString(), null],
      ['https://a.test/3', ['payment.received'], false, 'third', 3, null, null],
    ]);
    expect(rows.every((r) => r.createdAt instanceof Date)).toBe(true);
  });

  it('carries any text as it is, whatever quotes, backslashes or dollar tags it holds (literals, no parameters)', async () => {
    const { tenantId } = await makeTenant();
    const tricky = ["it's", 'back\\slash \\\'', '$t$ closes?', 'ends in $t', '$t1$$t$', '"; drop table events; --', 'õun ä 😀'];
    // One text in every row (written once; it ends as the first tag would begin), and a different one in each (in the JSON).
    // Ids made here: none asked back.
    const ids = await bulkInsert(getDb(), events, tricky.map((t) => ({ id: randomUUID(), tenantId, type: `x.tricky'\\$t`, data: { t }, occurredAt: new Date() })), { returnIds: false });
    expect(ids).toEqual([]);
    const rows = await getDb().select().from(events).where(eq(events.tenantId, tenantId));
    expect(rows.map((e) => e.type)).toEqual(tricky.map(() => `x.tricky'\\$t`));
    expect(rows.map((e) => (e.data as { t: string }).t).sort()).toEqual([...tricky].sort());
    expect(() => textLiteral('nul \u0000')).toThrow(/NUL/);
  });

  it('reads back short texts and texts at the edges of a tag as they are', async () => {
    for (const text of ['', '$', '$t', 't$', '$t$', '$t1$', 'x$t$', '$t$t1$t2']) {
      const answer = (await getDb().execute(sql`select ${textLiteral(text)}::text as v`)) as unknown as Array<{ v: string }> | { rows: Array<{ v: string }> };
      // postgres.js answers the rows, PGlite an object holding them.
      expect((Array.isArray(answer) ? answer : answer.rows)[0]!.v).toBe(text);
    }
  });
});
