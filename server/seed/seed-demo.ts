import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apartmentResidents, apartments, DEFAULT_TIME_ZONE, buildings, chargeRules, invoices, memberships, meterReadings, meters, tenants, users } from '@/db/schema';
import { addDays, todayIn } from '@/server/domain/dates';
import { fromUnits } from '@/server/domain/decimal';
import { chargeRuleRows } from '@/server/services/buildings/building-fields';
import { hashPassword } from '@/server/auth/password';
import type { ServiceContext } from '@/server/services/context';
import { importStatement } from '@/server/services/bank-statements/import-statement';
import { makeDemoStatement } from '@/server/services/bank-statements/make-demo-statement';
import { createPaymentDemand } from '@/server/services/collections/create-payment-demand';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { updateInvoice } from '@/server/services/invoices/update-invoice';
import { createTenant } from '@/server/services/tenants/create-tenant';
import { seedDemoActivity } from './seed-demo-activity';

export const DEMO_PASSWORD = 'demo-password';

export type DemoLogin = { role: string; email: string; password: string };

type ApartmentPlan = { number: string; floor: number; area: string; rooms: number; residentsCount: number };

function plan(floors: number, perFloor: number, areas: number[]): ApartmentPlan[] {
  const out: ApartmentPlan[] = [];
  let n = 1;
  for (let floor = 1; floor <= floors; floor++) {
    for (let i = 0; i < perFloor; i++) {
      const area = areas[(n - 1) % areas.length]!;
      out.push({ number: String(n), floor, area: area.toFixed(2), rooms: Math.max(1, Math.round(area / 22)), residentsCount: 1 + (n % 3) });
      n++;
    }
  }
  return out;
}

/** The last day of the month `monthsAgo` months before now's, at 09:00 UTC. */
function monthEnd(now: Date, monthsAgo: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo + 1, 0, 9));
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Seeds a demo tenant with two buildings, apartments, residents, meters and readings, if the database is empty. */
export async function seedDemoIfEmpty({ db, now = new Date() }: { db: Db; now?: Date }): Promise<DemoLogin[] | null> {
  const [row] = await db.select({ n: count() }).from(tenants);
  if ((row?.n ?? 0) > 0) return null;
  return seedDemo({ db, now });
}

export async function seedDemo({ db, now = new Date() }: { db: Db; now?: Date }): Promise<DemoLogin[]> {
  const { tenantId } = await createTenant({
    db,
    now,
    input: { name: 'Demo Properties OÜ', email: 'admin@demo.test', password: DEMO_PASSWORD, userName: 'Anna Admin' },
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The organisation's details as invoices print them (the registry code and VAT number are made up).
  await db
    .update(tenants)
    .set({ legalName: 'Demo Properties OÜ', registrationCode: '12345678', vatNumber: 'EE100000001', address: 'Rüütli tn 1, 51007 Tartu', email: 'info@demo.test', phone: '+372 700 0000' })
    .where(eq(tenants.id, tenantId));

  await db.transaction(async (tx) => {
    const [manager] = await tx.insert(users).values({ email: 'manager@demo.test', name: 'Mart Manager', passwordHash }).returning();
    await tx.insert(memberships).values({ tenantId, userId: manager!.id, role: 'manager' });

    const [tamme, vahtra] = await tx
      .insert(buildings)
      .values([
        { tenantId, name: 'Tamme 12', address: 'Tamme tn 12', city: 'Tartu', postalCode: '50403', paymentTermDays: 14, iban: 'EE382200221020145685', bankRecipient: 'KÜ Tamme 12', readingWindowStartDay: 20, readingWindowEndDay: 25, penaltyRatePerDay: '0.0500' },
        { tenantId, name: 'Vahtra 3', address: 'Vahtra tn 3', city: 'Tallinn', postalCode: '10115', paymentTermDays: 21, iban: 'EE471000001020145685', bankRecipient: 'KÜ Vahtra 3', penaltyRatePerDay: '0.0400' },
      ])
      .returning();

    // Typical apartment-association charges: per m², by meter, heating split by area, waste per person.
    for (const [building, heatingTotal] of [[tamme, '1240.00'], [vahtra, '860.00']] as const) {
      await tx.insert(chargeRules).values(
        chargeRuleRows(tenantId, building!.id, [
          { name: 'Maintenance', basis: 'area', unitPrice: 0.42 },
          { name: 'Repair fund', basis: 'area', unitPrice: 0.35 },
          { name: 'Cold water', basis: 'meter', meterType: 'cold_water', unitPrice: 2.1475 },
          { name: 'Hot water', basis: 'meter', meterType: 'hot_water', unitPrice: 6.4 },
          { name: 'Heating', basis: 'split_area', totalAmount: Number(heatingTotal) },
          { name: 'Waste collection', basis: 'resident', unitPrice: 3.2, vatRate: 22 },
        ]),
      );
    }

    const layouts: Array<[typeof tamme, ApartmentPlan[]]> = [
      [tamme, plan(3, 4, [41.5, 55.2, 62.8, 38.9])],
      [vahtra, plan(2, 3, [48.3, 71.6, 35.4])],
    ];
    const allApartments = [];
    for (const [building, plans] of layouts) {
      const rows = await tx
        .insert(apartments)
        .values(plans.map((p) => ({ tenantId, buildingId: building!.id, ...p })))
        .returning();
      allApartments.push(...rows);
    }

    // Residents: one per apartment for the first few, plus one person living in two apartments.
    const residentApartments = allApartments.slice(0, 4);
    for (const [i, apt] of residentApartments.entries()) {
      const [resident] = await tx
        .insert(users)
        .values({ email: `resident${i + 1}@demo.test`, name: ['Kadri Kask', 'Jaan Tamm', 'Liis Lepp', 'Peeter Pärn'][i], passwordHash })
        .returning();
      await tx.insert(memberships).values({ tenantId, userId: resident!.id, role: 'resident' });
      await tx.insert(apartmentResidents).values({ tenantId, apartmentId: apt.id, userId: resident!.id, role: i % 2 ? 'tenant' : 'owner' });
      if (i === 0) {
        await tx.insert(apartmentResidents).values({ tenantId, apartmentId: allApartments.at(-1)!.id, userId: resident!.id, role: 'owner' });
      }
    }

    // Water meters in every apartment, a heating meter per building; confirmed readings at the end of
    // each of the last five months.
    for (const [index, apt] of allApartments.entries()) {
      const made = await tx
        .insert(meters)
        .values([
          { tenantId, buildingId: apt.buildingId, apartmentId: apt.id, type: 'cold_water', serialNumber: `CW-${1000 + index}`, unit: 'm3', decimals: 3 },
          { tenantId, buildingId: apt.buildingId, apartmentId: apt.id, type: 'hot_water', serialNumber: `HW-${2000 + index}`, unit: 'm3', decimals: 3 },
        ])
        .returning();
      for (const meter of made) {
        let value = 100 + index * 7.125 + (meter.type === 'hot_water' ? -40 : 0);
        let previous: number | null = null;
        const readings = [];
        for (let m = 5; m >= 1; m--) {
          value += meter.type === 'cold_water' ? 3.2 + (index % 4) * 0.45 : 1.9 + (index % 3) * 0.3;
          const rounded = Math.round(value * 1000) / 1000;
          readings.push({
            tenantId,
            meterId: meter.id,
            value: rounded.toFixed(3),
            readAt: monthEnd(now, m),
            status: 'confirmed' as const,
            consumption: previous === null ? null : (rounded - previous).toFixed(3),
            source: 'manual' as const,
          });
          previous = rounded;
        }
        await tx.insert(meterReadings).values(readings);
      }
    }
    for (const building of [tamme, vahtra]) {
      await tx
        .insert(meters)
        .values({ tenantId, buildingId: building!.id, apartmentId: null, type: 'heating', serialNumber: `HT-${building!.name.slice(0, 3).toUpperCase()}`, unit: 'MWh', decimals: 3 });
    }
  });
  await seedDemoInvoices({ db, tenantId, now });
  // Today's bank statement, imported: bank transfers on the payments page and entries to settle by hand.
  const ctx: ServiceContext = { tenantId, userId: null, role: 'admin', now, requestId: 'seed-demo', db };
  const { xml } = await makeDemoStatement({ ctx });
  await importStatement({ ctx, input: { bytes: new TextEncoder().encode(xml), kind: 'xml' } });
  // The apartment still most overdue after it is in collection: its payment demand on the Collections page.
  const [longestOverdue] = await db
    .select({ apartmentId: invoices.apartmentId })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.status, 'sent'), gt(invoices.amount, invoices.amountPaid), lt(invoices.dueDate, todayIn(DEFAULT_TIME_ZONE, now))))
    .orderBy(asc(invoices.dueDate), asc(invoices.number))
    .limit(1);
  if (longestOverdue) await createPaymentDemand({ ctx, input: { apartmentId: longestOverdue.apartmentId } });
  await seedDemoActivity({ db, tenantId, now });

  return [
    { role: 'admin', email: 'admin@demo.test', password: DEMO_PASSWORD },
    { role: 'manager', email: 'manager@demo.test', password: DEMO_PASSWORD },
    { role: 'resident', email: 'resident1@demo.test', password: DEMO_PASSWORD },
  ];
}

/**
 * Four months of invoices for every demo building, made by the billing services as a manager would:
 * paid (on time, late and overpaid), sent and overdue (their penalty interest on later invoices), void,
 * and this month's drafts and sent ones; credit from overpayments used and, for one apartment, left over.
 */
async function seedDemoInvoices({ db, tenantId, now }: { db: Db; tenantId: string; now: Date }): Promise<void> {
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  const at = (date: string): ServiceContext => ({ tenantId, userId: null, role: 'admin', now: new Date(`${date}T10:00:00Z`), requestId: 'seed-demo', db });
  const seededBuildings = await db.select().from(buildings).where(eq(buildings.tenantId, tenantId)).orderBy(asc(buildings.name));
  for (let k = 4; k >= 1; k--) {
    const periodStart = isoDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 1)));
    const periodEnd = isoDate(monthEnd(now, k));
    // Invoiced on the 1st of the next month; the last month's today, so some of them are not yet due.
    const issueDate = k === 1 ? today : addDays(periodEnd, 1);
    for (const building of seededBuildings) {
      const { invoiceIds } = await generateInvoices({ ctx: at(issueDate), input: { buildingId: building.id, periodStart, periodEnd, issueDate } });
      const made = await db
        .select({ id: invoices.id, amount: invoices.amount, dueDate: invoices.dueDate, number: apartments.number })
        .from(invoices)
        .innerJoin(apartments, eq(apartments.id, invoices.apartmentId))
        .where(eq(invoices.buildingId, building.id));
      const ours = made.filter((m) => invoiceIds.includes(m.id)).sort((a, b) => Number(a.number) - Number(b.number));
      for (const [i, inv] of ours.entries()) {
        if (k === 1 && i % 2 === 1) continue; // this month's drafts
        await updateInvoice({ ctx: at(issueDate), input: { id: inv.id, status: 'sent' } });
        const pay = (date: string, extra = 0) =>
          updateInvoice({ ctx: at(date), input: { id: inv.id, status: 'paid', paidDate: date, ...(extra ? { amount: fromUnits(inv.amount + extra, 2) } : {}) } });
        if (k === 4) await pay(addDays(issueDate, 10), i === 2 ? 2000 : 0); // apartment 3 pays 20.00 too much
        else if (k === 3 && i === 5) await pay(addDays(inv.dueDate, 12)); // late: penalty on the next invoice
        else if (k === 3 && i !== 0) await pay(addDays(inv.dueDate, -2)); // apartment 1 never pays: overdue
        else if (k === 2 && i === 4) await updateInvoice({ ctx: at(issueDate), input: { id: inv.id, status: 'void' } });
        else if (k === 2 && i === 1) await pay(addDays(inv.dueDate, -1), 30_000); // 300.00 extra: credit left over
        else if (k === 2 && i !== 0 && i !== 3) await pay(addDays(inv.dueDate, -3));
      }
    }
  }
}

export function formatDemoLogins(logins: DemoLogin[], appUrl: string): string {
  const lines = logins.map((l) => `    ${l.role.padEnd(9)} ${l.email.padEnd(22)} ${l.password}`);
  return ['', `  Demo data is ready at ${appUrl}`, '  Sign in with:', ...lines, `  Mail sent by the app: ${appUrl}/dev/mail`, ''].join('\n');
}
