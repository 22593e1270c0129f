import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeTenant } from '@/test/factories';
import { BULK_CHUNK_ROWS, bulkInsert, textLiteral } from './bulk-insert';
import { getDb } from './client';
import { bankStatementEntries, bankStatements, events, webhookEndpoints } from './schema';

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

  it('writes more rows than one statement takes, in their order, ids answered in that order', async () => {
    const { tenantId } = await makeTenant();
    const count = 2 * BULK_CHUNK_ROWS + 7;
    const rows = Array.from({ length: count }, (_, i) => ({ tenantId, type: 'x.many', data: { i }, occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) }));
    const ids = await getDb().transaction((tx) => bulkInsert(tx, events, rows));
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    const stored = await getDb().select({ id: events.id, data: events.data }).from(events).where(and(eq(events.tenantId, tenantId), eq(events.type, 'x.many')));
    const byId = new Map(stored.map((r) => [r.id, (r.data as { i: number }).i]));
    expect(ids.map((id) => byId.get(id))).toEqual(rows.map((_, i) => i));
  });

  it.each([
    ['the first statement', 1],
    ['the second statement, after the first was written', BULK_CHUNK_ROWS + 5],
  ])('fails as a whole when %s of many fails: the first failure thrown, nothing kept', async (_, at) => {
    const { tenantId } = await makeTenant();
    const [statement] = await getDb().insert(bankStatements).values({ tenantId, format: 'camt.053', entries: 0, newEntries: 0 }).returning();
    const entry = (n: number) => ({ tenantId, statementId: statement!.id, accountIban: 'EE382200221020145685', bankRef: `R${n}`, bookingDate: '2026-11-20', amount: 100, currency: 'EUR', status: 'unmatched' as const });
    // Row `at` repeats row 0's (tenant, account, bank reference): the unique index refuses its statement (and any
    // statement sent after it fails in the aborted transaction).
    const rows = Array.from({ length: 2 * BULK_CHUNK_ROWS + 10 }, (_, n) => entry(n === at ? 0 : n));
    const failure = await getDb()
      .transaction(async (tx) => {
        await bulkInsert(tx, bankStatementEntries, rows, { returnIds: false });
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    const messages: string[] = [];
    for (let e = failure as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) messages.push(String(e.message));
    expect(messages.join(' | ')).toMatch(/duplicate key value violates unique constraint/);
    const left = await getDb().select({ id: bankStatementEntries.id }).from(bankStatementEntries).where(eq(bankStatementEntries.tenantId, tenantId));
    expect(left).toEqual([]);
  });

  it('refuses a NUL in the rows of a later statement before sending it, and keeps nothing', async () => {
    const { tenantId } = await makeTenant();
    // The second statement's rows share a type holding a NUL: it is written once, as a literal, which refuses it.
    const rows = Array.from({ length: BULK_CHUNK_ROWS + 3 }, (_, i) => ({ tenantId, type: i >= BULK_CHUNK_ROWS ? 'x.nul\u0000' : 'x.nul', data: { i }, occurredAt: new Date() }));
    await expect(getDb().transaction((tx) => bulkInsert(tx, events, rows, { returnIds: false }))).rejects.toThrow(/NUL/);
    expect(await getDb().select({ id: events.id }).from(events).where(eq(events.tenantId, tenantId))).toEqual([]);
  });
});
