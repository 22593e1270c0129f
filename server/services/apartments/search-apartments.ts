import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { apartmentResidents, apartments, buildings, users } from '@/db/schema';
import { compareApartmentNumbers } from '@/server/domain/apartment-number';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { apartmentScope } from '../scopes';
import { containing } from '../text-search';

export type ApartmentHit = { apartmentId: string; number: string; buildingId: string; buildingName: string; referenceNumber: string | null; residents: string[] };

/**
 * Apartments a manager is looking for, across buildings: by the apartment's number ("12", or "Tamme 12-7" /
 * "Tamme 12 7" for the building and number), its reference number, or a resident's name or email. At most
 * `limit`, by building name and apartment number (2 before 10).
 */
export async function searchApartments({ ctx, input }: { ctx: ServiceContext; input: { q: string; limit: number } }): Promise<ApartmentHit[]> {
  requireRole(ctx, ...MANAGERS);
  const q = input.q.trim().replace(/\s+/g, ' ');
  if (!q) return [];
  // "Tamme 12-7" or "Tamme 12 7": a building's name, then the apartment's number.
  const place = /^(.*\S)[\s-]+([0-9]+[A-Za-z]?)$/.exec(q);
  const byResident = sql`${apartments.id} in (select ${apartmentResidents.apartmentId} from ${apartmentResidents} join ${users} on ${users.id} = ${apartmentResidents.userId}
    where ${apartmentResidents.tenantId} = ${ctx.tenantId} and (${users.name} ilike ${containing(q)} or ${users.email} ilike ${containing(q)}))`;
  const rows = await ctx.db
    .select({ apartmentId: apartments.id, number: apartments.number, buildingId: buildings.id, buildingName: buildings.name, referenceNumber: apartments.referenceNumber })
    .from(apartments)
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(
      and(
        apartmentScope(ctx),
        or(
          eq(apartments.number, q),
          eq(apartments.referenceNumber, q.replace(/\s/g, '')),
          // A number alone is an apartment's or a reference number, not a piece of an email address.
          ...(/^\d+$/.test(q) ? [] : [byResident]),
          ...(place ? [and(ilike(buildings.name, containing(place[1]!)), eq(apartments.number, place[2]!))!] : []),
        ),
      ),
    )
    .orderBy(asc(buildings.name))
    .limit(200);
  const hits = rows.sort((a, b) => a.buildingName.localeCompare(b.buildingName) || compareApartmentNumbers(a.number, b.number)).slice(0, input.limit);
  if (!hits.length) return [];
  const people = await ctx.db
    .select({ apartmentId: apartmentResidents.apartmentId, name: users.name, email: users.email })
    .from(apartmentResidents)
    .innerJoin(users, eq(users.id, apartmentResidents.userId))
    .where(and(eq(apartmentResidents.tenantId, ctx.tenantId), inArray(apartmentResidents.apartmentId, hits.map((h) => h.apartmentId))))
    .orderBy(asc(users.name));
  return hits.map((h) => ({ ...h, residents: people.filter((p) => p.apartmentId === h.apartmentId).map((p) => p.name ?? p.email) }));
}
