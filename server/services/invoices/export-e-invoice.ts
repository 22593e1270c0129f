import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { apartmentResidents, apartments, buildings, invoiceLines, invoices, tenants, users } from '@/db/schema';
import { isValidDate, todayIn } from '@/server/domain/dates';
import { buildEInvoice, type EInvoiceBill } from '@/server/domain/e-invoice/build-e-invoice';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { apartmentScope, buildingScope, invoiceLineScope, invoiceScope } from '../scopes';
import { organisationOf } from '../organisation/organisation-view';
import { payeeOf } from '../organisation/payee';
import { fieldIssue } from '@/server/domain/errors';

export type ExportEInvoiceInput = { buildingId: string; periodStart: string; periodEnd: string };

/** The statuses a bank or operator gets: issued invoices, open or paid (not drafts, not void ones). */
const EXPORTED = ['sent', 'paid'] as const;

/**
 * A building's invoices of a period as one Estonian e-invoice file (e-arve 1.2) for the association's bank or
 * e-invoice operator: the sent and paid invoices whose billing period lies within `periodStart`..`periodEnd`,
 * by number, each with its lines, reference number, due date and what is still open. The seller is the
 * building's account holder (`bankRecipient`, else the tenant's name, as on the PDF) with its IBAN; the buyer
 * the apartment's first resident by name, else "Apartment N, <address>". No registry code is stored for the
 * association or its residents, so `sellerRegnumber`/`RegNumber` and the buyer's `regNumber` are written empty
 * (valid: the XSD's RegType has no minimum length); the invoice's `serviceId` carries the reference number.
 * 422 without an IBAN (PaymentInfo needs the account) or without any such invoice (a file holds at least one).
 */
export async function exportEInvoice({ ctx, input }: { ctx: ServiceContext; input: ExportEInvoiceInput }): Promise<{ filename: string; xml: string; count: number }> {
  requireRole(ctx, ...MANAGERS);
  const errors: FieldError[] = [];
  for (const field of ['periodStart', 'periodEnd'] as const) {
    if (!isValidDate(input[field])) errors.push(fieldIssue.calendarDate(field));
  }
  if (!errors.length && input.periodEnd < input.periodStart) errors.push(fieldIssue.own('periodEnd', 'notBeforeStart', 'must not be before periodStart'));
  if (errors.length) throw new ValidationError(errors);

  const [found] = await ctx.db
    .select({ building: buildings, tenantName: tenants.name, timeZone: tenants.timeZone })
    .from(buildings)
    .innerJoin(tenants, eq(tenants.id, buildings.tenantId))
    .where(and(buildingScope(ctx), eq(buildings.id, input.buildingId)));
  if (!found) throw new NotFoundError('Building');
  const { building } = found;
  const organisation = await organisationOf(ctx.db, ctx.tenantId);
  const payee = payeeOf(building, organisation);
  if (!payee.iban) throw new ValidationError([fieldIssue.own('buildingId', 'noIban', 'neither the building nor the organisation has an IBAN: set the account residents pay to before exporting e-invoices')]);

  const ofPeriod: SQL = and(
    invoiceScope(ctx),
    eq(invoices.buildingId, building.id),
    inArray(invoices.status, [...EXPORTED]),
    gte(invoices.periodStart, input.periodStart),
    lte(invoices.periodEnd, input.periodEnd),
  )!;
  const rows = await ctx.db.select().from(invoices).where(ofPeriod).orderBy(asc(invoices.number));
  if (rows.length === 0) {
    throw new ValidationError([fieldIssue.own('periodStart', 'noInvoicesInPeriod', `the building has no sent or paid invoices for a period within ${input.periodStart} to ${input.periodEnd}`)]);
  }
  const lines = await ctx.db
    .select({ line: invoiceLines })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(invoiceLineScope(ctx), ofPeriod))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  const apartmentRows = await ctx.db
    .select({ id: apartments.id, number: apartments.number })
    .from(apartments)
    .where(and(apartmentScope(ctx), eq(apartments.buildingId, building.id)));
  const residents = await ctx.db
    .select({ apartmentId: apartmentResidents.apartmentId, name: users.name, email: users.email })
    .from(apartmentResidents)
    .innerJoin(users, eq(users.id, apartmentResidents.userId))
    .innerJoin(apartments, eq(apartments.id, apartmentResidents.apartmentId))
    .where(and(eq(apartmentResidents.tenantId, ctx.tenantId), apartmentScope(ctx), eq(apartments.buildingId, building.id)))
    .orderBy(asc(users.name), asc(users.email));

  const numberOf = new Map(apartmentRows.map((a) => [a.id, a.number]));
  const firstResident = new Map<string, { name: string | null; email: string }>();
  for (const r of residents) if (!firstResident.has(r.apartmentId)) firstResident.set(r.apartmentId, r);
  const linesOf = new Map<string, Array<typeof invoiceLines.$inferSelect>>();
  for (const { line } of lines) linesOf.set(line.invoiceId, [...(linesOf.get(line.invoiceId) ?? []), line]);

  const address = (apartmentNumber: string) => ({ line1: building.address, line2: `Apartment ${apartmentNumber}`, city: building.city, postalCode: building.postalCode, country: building.country });
  const bills: EInvoiceBill[] = rows.map((inv) => {
    const apartmentNumber = numberOf.get(inv.apartmentId) ?? '';
    const resident = firstResident.get(inv.apartmentId);
    return {
      number: inv.number,
      referenceNumber: inv.referenceNumber,
      issueDate: inv.issueDate,
      dueDate: inv.dueDate,
      periodStart: inv.periodStart,
      periodEnd: inv.periodEnd,
      currency: inv.currency,
      amount: inv.amount,
      amountPaid: inv.amountPaid,
      status: inv.status as EInvoiceBill['status'],
      buyer: {
        name: resident?.name?.trim() || resident?.email || `Apartment ${apartmentNumber}, ${building.address}`,
        regNumber: null,
        email: resident?.email ?? null,
        address: address(apartmentNumber),
      },
      lines: (linesOf.get(inv.id) ?? []).map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        unitPrice: l.unitPrice,
        vatRate: l.vatRate,
        netAmount: l.netAmount,
        vatAmount: l.vatAmount,
        amount: l.amount,
      })),
    };
  });

  const xml = buildEInvoice({
    fileId: fileIdOf(ctx.now, building.id),
    date: todayIn(found.timeZone, ctx.now),
    appId: 'PROPERTY-BILLING',
    seller: {
      name: payee.name,
      regNumber: organisation.registrationCode,
      vatNumber: organisation.vatNumber,
      email: organisation.email,
      address: { line1: building.address, city: building.city, postalCode: building.postalCode, country: building.country },
    },
    iban: payee.iban,
    fineRatePerDay: building.penaltyRatePerDay,
    invoices: bills,
  });
  return { filename: `e-invoices-${slug(building.name)}-${input.periodStart}-${input.periodEnd}.xml`, xml, count: bills.length };
}

/** Header/FileId, at most 20 characters: the UTC time to the second and the building id's first six hex digits. */
function fileIdOf(now: Date, buildingId: string): string {
  return `${now.toISOString().replace(/\D/g, '').slice(0, 14)}${buildingId.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}

/** The building's name in the file name: ASCII letters and digits (Õuna 5 → ouna-5). */
function slug(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return ascii || 'building';
}
