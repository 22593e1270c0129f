import { randomUUID } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { buildings, memberships, tenants, users } from '@/db/schema';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import type { ServiceContext } from '@/server/services/context';

/**
 * A real portfolio's size for `npm run bench`: one tenant with `buildings` buildings of `apartmentsPerBuilding`
 * apartments (default 20 × 250 = 5,000), a cold-water meter and a resident (a user with an email) each, and
 * `months` months of invoices (default 24: 120,000) with three lines each, a confirmed reading per meter and month,
 * a payment (and its `payment.received` event) for every paid invoice. The last month is still in draft (what a
 * bulk send mails); of the earlier ones every fifth is sent and open (overdue), the rest paid.
 * Rows are made by the database itself (INSERT … SELECT over generate_series): a 100,000-row table is one statement.
 */
export type PortfolioSize = { buildings: number; apartmentsPerBuilding: number; months: number };
export const FULL_PORTFOLIO: PortfolioSize = { buildings: 20, apartmentsPerBuilding: 250, months: 24 };

export type Portfolio = {
  size: PortfolioSize;
  tenantId: string;
  ctx: ServiceContext;
  apiKey: string;
  buildingIds: string[];
  /** An invoice of the last sent month (GET /invoices/:id). */
  sampleInvoiceId: string;
  /** The draft month: what a bulk send mails. */
  draftPeriod: { start: string; end: string };
  counts: Record<string, number>;
  seconds: number;
  /** Deletes the tenant and its users (the rest cascades). */
  remove: () => Promise<void>;
};

export async function buildPortfolio(size: PortfolioSize = FULL_PORTFOLIO): Promise<Portfolio> {
  const started = performance.now();
  const db = getDb();
  const tag = randomUUID().slice(0, 8);
  const [tenant] = await db.insert(tenants).values({ name: `Bench portfolio ${tag}` }).returning();
  const tenantId = tenant!.id;
  const [manager] = await db.insert(users).values({ email: `bench-manager-${tag}@example.test`, name: 'Bench manager' }).returning();
  await db.insert(memberships).values({ tenantId, userId: manager!.id, role: 'manager' });
  const ctx: ServiceContext = { tenantId, userId: manager!.id, role: 'manager', now: new Date(), requestId: 'bench', db };
  const { key: apiKey } = await createApiKey({ ctx, input: { name: 'bench' } });

  const buildingRows = await db
    .insert(buildings)
    .values(Array.from({ length: size.buildings }, (_, i) => ({ tenantId, name: `Maja ${i + 1}`, address: `Pikk ${i + 1}, Tallinn`, iban: 'EE382200221020145685', bankRecipient: 'KÜ Bench' })))
    .returning({ id: buildings.id });

  // Months end with the last full month before today; the draft month is the last of them.
  const first = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - size.months, 1)).toISOString().slice(0, 10);
  const t = sql`${tenantId}::uuid`;
  const steps: Array<[string, ReturnType<typeof sql>]> = [
    [
      'apartments',
      sql`insert into apartments (tenant_id, building_id, number, floor, area, rooms, residents_count)
          select ${t}, b.id, n::text, 1 + n / 20, 30 + n % 60, 1 + n % 4, 1 + n % 4
          from buildings b, generate_series(1, ${size.apartmentsPerBuilding}) n where b.tenant_id = ${t}`,
    ],
    [
      'meters',
      sql`insert into meters (tenant_id, building_id, apartment_id, type, serial_number, unit, decimals)
          select tenant_id, building_id, id, 'cold_water', 'CW-' || left(id::text, 8), 'm3', 3 from apartments where tenant_id = ${t}`,
    ],
    [
      'meter_readings',
      sql`insert into meter_readings (tenant_id, meter_id, value, read_at, status, consumption, source)
          select m.tenant_id, m.id, 100 + (k + 1) * 3.5, (${first}::date + make_interval(months => k + 1) - interval '1 day' + interval '9 hours')::timestamptz,
                 'confirmed', 3.5, 'manual'
          from meters m, generate_series(0, ${size.months - 1}) k where m.tenant_id = ${t}`,
    ],
    [
      'users',
      sql`insert into users (email, name)
          select 'bench-' || ${tag} || '-' || a.id || '@example.test', 'Resident ' || a.number from apartments a where a.tenant_id = ${t}`,
    ],
    [
      'memberships',
      sql`insert into memberships (tenant_id, user_id, role)
          select ${t}, u.id, 'resident' from users u where u.email like ${`bench-${tag}-%`}`,
    ],
    [
      'apartment_residents',
      sql`insert into apartment_residents (tenant_id, apartment_id, user_id)
          select ${t}, a.id, u.id from apartments a join users u on u.email = 'bench-' || ${tag} || '-' || a.id || '@example.test' where a.tenant_id = ${t}`,
    ],
    [
      'invoices',
      // Lines: maintenance 0.45/m², admin 5.00 + 22 % VAT, water 3.5 m³ × 2.10; the invoice is their sum.
      sql`insert into invoices (tenant_id, building_id, apartment_id, number, status, period_start, period_end, issue_date, due_date, currency, amount, amount_paid, reference_number, paid_date)
          select a.tenant_id, a.building_id, a.id, 'B' || to_char(p.start, 'YYYYMM') || '-' || lpad(a.rn::text, 6, '0'), s.status::invoice_status,
                 p.start, p.start + interval '1 month - 1 day', p.start + interval '1 month', p.start + interval '1 month 14 days', 'EUR',
                 s.amount, case when s.status = 'paid' then s.amount else 0 end, '9' || lpad(a.rn::text, 6, '0'),
                 case when s.status = 'paid' then (p.start + interval '1 month 10 days')::date end
          from (select id, tenant_id, building_id, area, row_number() over (order by building_id, number) as rn from apartments where tenant_id = ${t}) a
          cross join generate_series(0, ${size.months - 1}) k
          cross join lateral (select (${first}::date + make_interval(months => k))::date as start) p
          cross join lateral (select case when k = ${size.months - 1} then 'draft' when (a.rn + k) % 5 = 0 then 'sent' else 'paid' end as status,
                                     round(a.area * 45)::bigint + 610 + 735 as amount) s`,
    ],
    [
      'invoice_lines',
      sql`insert into invoice_lines (tenant_id, invoice_id, position, description, quantity, unit, unit_price, vat_rate, net_amount, vat_amount, amount)
          select i.tenant_id, i.id, l.position, l.description, l.quantity, l.unit, l.unit_price, l.vat_rate, l.net, l.vat, l.net + l.vat
          from invoices i join apartments a on a.id = i.apartment_id
          cross join lateral (values
            (1, 'Maintenance', a.area::numeric, 'm²', 0.45, 0::numeric, round(a.area * 45)::bigint, 0::bigint),
            (2, 'Administration', 1::numeric, 'pc', 5, 22, 500::bigint, 110::bigint),
            (3, 'Cold water', 3.5::numeric, 'm³', 2.1, 0, 735::bigint, 0::bigint)) as l(position, description, quantity, unit, unit_price, vat_rate, net, vat)
          where i.tenant_id = ${t}`,
    ],
    [
      'payments',
      sql`insert into payments (tenant_id, invoice_id, apartment_id, amount, currency, method, status, paid_at, payer_name, external_id)
          select tenant_id, id, apartment_id, amount, currency, 'bank_transfer', 'completed', paid_date + interval '10 hours', 'Payer ' || reference_number, 'BANK-' || number
          from invoices where tenant_id = ${t} and status = 'paid'`,
    ],
    [
      'events',
      sql`insert into events (tenant_id, type, data, occurred_at)
          select tenant_id, 'payment.received', jsonb_build_object('paymentId', id, 'invoiceId', invoice_id, 'amount', amount), paid_at
          from payments where tenant_id = ${t}`,
    ],
  ];
  const counts: Record<string, number> = { buildings: buildingRows.length };
  for (const [table, statement] of steps) {
    const result = await db.execute(statement);
    counts[table] = Number((result as { count?: number; affectedRows?: number }).count ?? (result as { affectedRows?: number }).affectedRows ?? 0);
  }
  // Fresh statistics, as autovacuum would have them on a database that grew over two years.
  await db.execute(sql`analyze apartments, meters, meter_readings, invoices, invoice_lines, payments, events, apartment_residents, users, memberships`);

  const last = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 1 + size.months - 1, 1));
  const draftStart = last.toISOString().slice(0, 10);
  const draftEnd = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const sample = await db.execute<{ id: string }>(sql`select id from invoices where tenant_id = ${t} and status = 'sent' order by period_start desc, number desc limit 1`);
  const rows = (Array.isArray(sample) ? sample : (sample as { rows: Array<{ id: string }> }).rows) as Array<{ id: string }>;

  return {
    size,
    tenantId,
    ctx,
    apiKey,
    buildingIds: buildingRows.map((b) => b.id),
    sampleInvoiceId: rows[0]?.id ?? '',
    draftPeriod: { start: draftStart, end: draftEnd },
    counts,
    seconds: (performance.now() - started) / 1000,
    remove: () => removeTenant(tenantId, sql`email like ${`bench-${tag}-%`} or id = ${manager!.id}`),
  };
}

/**
 * Deletes a tenant's rows and the users matching `users`. Deleting the tenant row alone cascades row by row, and
 * several foreign keys have no index of their own (payments.invoice_id, invoices.apartment_id,
 * meter_readings.meter_id, …): at this size that took over 4 minutes. So, where the role may (a superuser, as
 * on a bench database), foreign-key triggers are off for the transaction and every table with a tenant_id is
 * emptied of the tenant's rows directly; else the cascade does it.
 */
export async function removeTenant(tenantId: string, usersWhere: SQL): Promise<void> {
  const db = getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const tables = rowsOf<{ name: string }>(
        await tx.execute(sql`select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' and table_name <> 'tenants'`),
      );
      for (const { name } of tables) await tx.execute(sql`delete from ${sql.identifier(name)} where tenant_id = ${tenantId}`);
      await tx.execute(sql`delete from tenants where id = ${tenantId}`);
      await tx.execute(sql`delete from users where ${usersWhere}`);
    });
  } catch {
    await db.delete(tenants).where(eq(tenants.id, tenantId));
    await db.execute(sql`delete from users where ${usersWhere}`);
  }
}

/** Rows of `db.execute` on either engine (postgres.js gives an array, PGlite `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
