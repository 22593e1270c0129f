import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, events } from '@/db/schema';
import { writeAudit } from '@/server/services/audit/write-audit';
import { makeTenant, serviceContext } from '@/test/factories';
import { emitEvent } from './emit-event';

class Rollback extends Error {}

describe('emitEvent (outbox)', () => {
  it('stores the event when the transaction commits', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const invoiceId = randomUUID();
    const { id } = await getDb().transaction((tx) =>
      emitEvent(tx, ctx, 'invoice.paid', { invoiceId, amount: 120.5, number: 'INV-2026-000001', paidDate: '2026-11-20' }),
    );
    const [row] = await getDb().select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({ tenantId: t.tenantId, type: 'invoice.paid', data: { invoiceId, amount: 120.5, number: 'INV-2026-000001', paidDate: '2026-11-20' } });
  });

  it('stores nothing, audit row included, when the transaction rolls back', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const requestId = ctx.requestId;
    await expect(
      getDb().transaction(async (tx) => {
        await emitEvent(tx, ctx, 'maintenance.updated', { requestId: randomUUID(), status: 'closed' });
        await writeAudit(tx, ctx, { action: 'maintenance.update', entityId: randomUUID(), after: { status: 'closed' } });
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await getDb().select().from(events).where(eq(events.tenantId, t.tenantId))).toEqual([]);
    expect(await getDb().select().from(auditLog).where(eq(auditLog.requestId, requestId))).toEqual([]);
  });

  it('rejects a payload that does not match its event type', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    await expect(
      getDb().transaction((tx) => emitEvent(tx, ctx, 'invoice.paid', { invoiceId: 'nope', amount: 1 } as never)),
    ).rejects.toThrow();
  });
});

describe('writeAudit', () => {
  it('records actor, action and before/after without secrets', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.admin);
    const entityId = randomUUID();
    await getDb().transaction((tx) =>
      writeAudit(tx, ctx, {
        action: 'user.update',
        entityId,
        before: { name: 'A', passwordHash: 'x', nested: { apiKey: 'k', refreshToken: 't' } },
        after: { name: 'B', password: 'p' },
      }),
    );
    const [row] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, entityId));
    expect(row).toMatchObject({ tenantId: t.tenantId, actorUserId: t.admin.userId, action: 'user.update', entityType: 'user' });
    expect(row!.before).toEqual({ name: 'A', nested: {} });
    expect(row!.after).toEqual({ name: 'B' });
  });
});
