import { and, asc, eq } from 'drizzle-orm';
import { apartmentResidents, apartments, buildings } from '@/db/schema';
import type { ServiceContext } from '../context';
import { organisationOf } from '../organisation/organisation-view';
import { payeeOf } from '../organisation/payee';

export type MyApartment = {
  /** The caller's link to the apartment (PATCH /residents/{id} sets how they receive its invoices). */
  residentId: string;
  invoiceChannel: 'email' | 'e_invoice';
  apartmentId: string;
  number: string;
  area: number;
  buildingId: string;
  buildingName: string;
  address: string;
  city: string | null;
  role: 'owner' | 'tenant';
  readingWindowStartDay: number | null;
  readingWindowEndDay: number | null;
  /** Where the building's invoices are paid: its account and the name on it (the organisation's when unset). */
  iban: string | null;
  bankRecipient: string;
};

/** The apartments the caller lives in, in this tenant. */
export async function listMyApartments({ ctx }: { ctx: ServiceContext }): Promise<MyApartment[]> {
  if (!ctx.userId) return [];
  const rows = await ctx.db
    .select({
      residentId: apartmentResidents.id,
      invoiceChannel: apartmentResidents.invoiceChannel,
      apartmentId: apartments.id,
      number: apartments.number,
      area: apartments.area,
      buildingId: buildings.id,
      buildingName: buildings.name,
      address: buildings.address,
      city: buildings.city,
      role: apartmentResidents.role,
      readingWindowStartDay: buildings.readingWindowStartDay,
      readingWindowEndDay: buildings.readingWindowEndDay,
      iban: buildings.iban,
      bankRecipient: buildings.bankRecipient,
    })
    .from(apartmentResidents)
    .innerJoin(apartments, eq(apartments.id, apartmentResidents.apartmentId))
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(and(eq(apartmentResidents.tenantId, ctx.tenantId), eq(apartmentResidents.userId, ctx.userId)))
    .orderBy(asc(buildings.name), asc(apartments.number));
  if (!rows.length) return [];
  const organisation = await organisationOf(ctx.db, ctx.tenantId);
  return rows.map((r) => {
    const payee = payeeOf(r, organisation);
    return { ...r, area: Number(r.area), iban: payee.iban, bankRecipient: payee.name };
  });
}
