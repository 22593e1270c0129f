import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import { apartmentResidents, apartments, users } from '@/db/schema';
import { requireBuilding } from '../apartments/apartment-fields';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';

export type ResidentView = {
  id: string;
  userId: string;
  name: string | null;
  email: string;
  phone: string | null;
  apartmentId: string;
  buildingId: string;
  role: 'owner' | 'tenant';
  invoiceChannel: 'email' | 'e_invoice';
};

/** One row per person and apartment they live in, filterable by building and apartment. */
export async function listResidents({ ctx, input }: { ctx: ServiceContext; input: { buildingId?: string; apartmentId?: string; limit: number; cursor?: string } }): Promise<{ items: ResidentView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  const where: SQL[] = [eq(apartmentResidents.tenantId, ctx.tenantId)];
  if (input.buildingId) {
    // Another tenant's building is not found, as everywhere; not an empty list.
    await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
    where.push(eq(apartments.buildingId, input.buildingId));
  }
  if (input.apartmentId) where.push(eq(apartmentResidents.apartmentId, input.apartmentId));
  if (input.cursor) {
    const [email, id] = decodeCursor(input.cursor, 2) as [string, string];
    where.push(or(gt(users.email, email), and(eq(users.email, email), gt(apartmentResidents.id, id)))!);
  }
  const rows = await ctx.db
    .select({
      id: apartmentResidents.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      apartmentId: apartmentResidents.apartmentId,
      buildingId: apartments.buildingId,
      role: apartmentResidents.role,
      invoiceChannel: apartmentResidents.invoiceChannel,
    })
    .from(apartmentResidents)
    .innerJoin(users, eq(users.id, apartmentResidents.userId))
    .innerJoin(apartments, eq(apartments.id, apartmentResidents.apartmentId))
    .where(and(...where))
    .orderBy(asc(users.email), asc(apartmentResidents.id))
    .limit(input.limit + 1);
  return pageOf(rows, input.limit, (r) => [r.email, r.id]);
}
