import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, buildings, invoices, type InvoiceStatus, maintenanceRequests, memberships, meterReadings, meters, users } from '@/db/schema';
import { createApiContext } from '@/server/api/context';
import { createCaller } from '@/server/api/root';
import { bearerFor, makeTenant, type TestUser } from '@/test/factories';

// What a resident can see, over random layouts: several tenants, each with apartments, and one person
// who belongs to some of the tenants (as a resident, or as a manager) and lives in some of the apartments.
// Every list and every single-record read must show exactly the person's own apartments' records of the
// tenant the session works in; anything else is 404 (never 403), and a tenant without membership is 401.

type ApartmentPlan = { mine: boolean; invoiceStatus: InvoiceStatus };
type TenantPlan = { membership: 'none' | 'resident' | 'manager'; apartments: ApartmentPlan[] };

const layout = fc
  .array(
    fc.record({
      membership: fc.constantFrom<TenantPlan['membership']>('none', 'resident', 'resident', 'manager'),
      apartments: fc.array(fc.record({ mine: fc.boolean(), invoiceStatus: fc.constantFrom<InvoiceStatus>('draft', 'sent', 'paid', 'void') }), { minLength: 1, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .filter((tenants) => tenants.some((t) => t.membership !== 'none'));

type Built = {
  tenantId: string;
  membership: TenantPlan['membership'];
  buildingId: string;
  apartments: Array<{ id: string; mine: boolean; invoiceId: string; invoiceStatus: InvoiceStatus; meterId: string; readingId: string; requestId: string }>;
  commonMeterId: string;
};

/** The layout in the database, straight into the tables (what the services read is the point, not how it was made). */
async function build(plan: TenantPlan[], person: string): Promise<Built[]> {
  const db = getDb();
  const built: Built[] = [];
  for (const [ti, tp] of plan.entries()) {
    const { tenantId } = await makeTenant(`Scoping ${ti}`);
    if (tp.membership !== 'none') await db.insert(memberships).values({ tenantId, userId: person, role: tp.membership });
    const [b] = await db.insert(buildings).values({ tenantId, name: `B${ti}`, address: `Street ${ti}` }).returning();
    const [common] = await db.insert(meters).values({ tenantId, buildingId: b!.id, apartmentId: null, type: 'heating', serialNumber: `H${ti}`, unit: 'MWh' }).returning();
    await db.insert(meterReadings).values({ tenantId, meterId: common!.id, value: '1.000', readAt: new Date('2026-10-31T10:00:00Z'), status: 'confirmed' });
    const apts: Built['apartments'] = [];
    for (const [ai, ap] of tp.apartments.entries()) {
      const [a] = await db.insert(apartments).values({ tenantId, buildingId: b!.id, number: String(ai + 1), area: '40.00' }).returning();
      // Living in an apartment of a tenant one does not belong to cannot happen; "mine" needs the membership.
      const mine = ap.mine && tp.membership !== 'none';
      if (mine) await db.insert(apartmentResidents).values({ tenantId, apartmentId: a!.id, userId: person });
      const [inv] = await db
        .insert(invoices)
        .values({
          tenantId,
          buildingId: b!.id,
          apartmentId: a!.id,
          number: `INV-2026-${String(ai + 1).padStart(6, '0')}`,
          status: ap.invoiceStatus,
          periodStart: '2026-10-01',
          periodEnd: '2026-10-31',
          issueDate: '2026-11-01',
          dueDate: '2026-11-15',
          currency: 'EUR',
          amount: 1000 + ai,
          referenceNumber: `${1000 + ai}3`,
        })
        .returning();
      const [m] = await db.insert(meters).values({ tenantId, buildingId: b!.id, apartmentId: a!.id, type: 'cold_water', serialNumber: `W${ti}-${ai}`, unit: 'm3' }).returning();
      const [r] = await db.insert(meterReadings).values({ tenantId, meterId: m!.id, value: '10.000', readAt: new Date('2026-10-31T10:00:00Z'), status: 'confirmed' }).returning();
      const [req] = await db.insert(maintenanceRequests).values({ tenantId, buildingId: b!.id, apartmentId: a!.id, title: `R${ai}`, description: 'd' }).returning();
      apts.push({ id: a!.id, mine, invoiceId: inv!.id, invoiceStatus: ap.invoiceStatus, meterId: m!.id, readingId: r!.id, requestId: req!.id });
    }
    built.push({ tenantId, membership: tp.membership, buildingId: b!.id, apartments: apts, commonMeterId: common!.id });
  }
  return built;
}

async function apiAs(user: TestUser, tenantId: string) {
  return createCaller(await createApiContext({ headers: new Headers({ authorization: await bearerFor(tenantId, user) }), requestId: `test-${randomUUID()}` }));
}

const sorted = (ids: string[]) => [...ids].sort();

describe('resident scoping', () => {
  it('property: residents see exactly their own apartments\' records of the tenant they work in', async () => {
    await fc.assert(
      fc.asyncProperty(layout, async (plan) => {
        const [u] = await getDb()
          .insert(users)
          .values({ email: `scoping-${randomUUID().slice(0, 8)}@example.test`, name: 'Scoped person' })
          .returning();
        const built = await build(plan, u!.id);
        const allApartments = built.flatMap((t) => t.apartments);
        const allMeters = [...allApartments.map((a) => a.meterId), ...built.map((t) => t.commonMeterId)];

        for (const t of built) {
          const person: TestUser = { userId: u!.id, email: u!.email, role: t.membership === 'manager' ? 'manager' : 'resident' };
          const api = await apiAs(person, t.tenantId);
          if (t.membership === 'none') {
            // A session in a tenant the person does not belong to is no session at all.
            await expect(api.invoices.list({ limit: 200 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
            continue;
          }
          const resident = t.membership === 'resident';
          const visible = t.apartments.filter((a) => !resident || a.mine);

          // My apartments: the ones I live in, of this tenant only.
          expect(sorted((await api.residents.myApartments()).map((a) => a.apartmentId))).toEqual(sorted(t.apartments.filter((a) => a.mine).map((a) => a.id)));

          // Invoices: residents see their apartments' issued ones (never drafts); managers all of the tenant's.
          const expectedInvoices = visible.filter((a) => !resident || a.invoiceStatus !== 'draft').map((a) => a.invoiceId);
          expect(sorted((await api.invoices.list({ limit: 200 })).data.map((i) => i.id))).toEqual(sorted(expectedInvoices));
          for (const a of allApartments) {
            const get = api.invoices.get({ id: a.invoiceId });
            if (expectedInvoices.includes(a.invoiceId)) expect((await get).data.id).toBe(a.invoiceId);
            else await expect(get, `invoice of ${a.id}`).rejects.toMatchObject({ code: 'NOT_FOUND' });
          }

          // Meters: a resident gets the meters of their apartments, never the building's common ones.
          const expectedMeters = resident ? visible.map((a) => a.meterId) : [...t.apartments.map((a) => a.meterId), t.commonMeterId];
          expect(sorted((await api.meters.list({ buildingId: t.buildingId })).data.map((m) => m.id))).toEqual(sorted(expectedMeters));
          for (const other of built.filter((o) => o.tenantId !== t.tenantId)) {
            await expect(api.meters.list({ buildingId: other.buildingId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
          }

          // Readings: only of a visible meter; another apartment's, the common one or another tenant's are 404.
          for (const meterId of allMeters) {
            const list = api.meters.listReadings({ id: meterId, limit: 50 });
            if (expectedMeters.includes(meterId)) expect((await list).data.map((r) => r.meterId)).toEqual([meterId]);
            else await expect(list, `readings of ${meterId}`).rejects.toMatchObject({ code: 'NOT_FOUND' });
          }

          // Maintenance requests, as before.
          expect(sorted((await api.maintenance.list({ limit: 200 })).data.map((r) => r.id))).toEqual(sorted(visible.map((a) => a.requestId)));
        }
      }),
      { numRuns: 10 },
    );
  });
});
