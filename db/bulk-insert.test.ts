import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeTenant } from '@/test/factories';
import { bulkInsert } from './bulk-insert';
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
});
