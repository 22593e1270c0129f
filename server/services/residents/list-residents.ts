import { and, eq, sql } from 'drizzle-orm';
import { apartmentResidents, apartments, users } from '@/db/schema';
import { requireBuilding } from '../apartments/apartment-fields';
import { apartmentNumberKey } from '../apartments/apartment-order';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type KeyPart, keyset, pageOf } from '../pagination';
import { matchesSearch } from '../text-search';

export type ResidentView = {
  id: string;
  userId: string;
  name: string | null;
  email: string;
  phone: string | null;
  apartmentId: string;
  apartmentNumber: string;
  buildingId: string;
  role: 'owner' | 'tenant';
  invoiceChannel: 'email' | 'e_invoice';
};

export const RESIDENT_SORTS = ['name', '-name', 'email', '-email', 'apartment', '-apartment'] as const;
export type ResidentSort = (typeof RESIDENT_SORTS)[number];
export type ListResidentsInput = { buildingId?: string; apartmentId?: string; q?: string; sort?: ResidentSort; limit: number; cursor?: string };

// A person without a name sorts by their email among the names.
const name: KeyPart = { expr: sql`lower(coalesce(${users.name}, ${users.email}))`, type: 'text' };
const email: KeyPart = { expr: sql`lower(${users.email})`, type: 'text' };
const apartment: KeyPart = { expr: apartmentNumberKey(apartments.number), type: 'text' };
const ORDERS = { name: [name, email], email: [email], apartment: [{ expr: apartments.buildingId, type: 'uuid' }, apartment, name] } satisfies Record<string, KeyPart[]>;

/**
 * One row per person and apartment they live in, by name unless `sort` says otherwise, filterable by building
 * and apartment; `q` searches the name, email, phone and apartment number.
 */
export async function listResidents({ ctx, input }: { ctx: ServiceContext; input: ListResidentsInput }): Promise<{ items: ResidentView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  // Another tenant's building is not found, as everywhere; not an empty list.
  if (input.buildingId) await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const order = keyset(ORDERS, input.sort ?? 'name', apartmentResidents.id, input.cursor);
  const rows = await ctx.db
    .select({
      id: apartmentResidents.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      apartmentId: apartmentResidents.apartmentId,
      apartmentNumber: apartments.number,
      buildingId: apartments.buildingId,
      role: apartmentResidents.role,
      invoiceChannel: apartmentResidents.invoiceChannel,
      key: order.key,
    })
    .from(apartmentResidents)
    .innerJoin(users, eq(users.id, apartmentResidents.userId))
    .innerJoin(apartments, eq(apartments.id, apartmentResidents.apartmentId))
    .where(
      and(
        eq(apartmentResidents.tenantId, ctx.tenantId),
        input.buildingId ? eq(apartments.buildingId, input.buildingId) : undefined,
        input.apartmentId ? eq(apartmentResidents.apartmentId, input.apartmentId) : undefined,
        matchesSearch(input.q, [users.name, users.email, users.phone, apartments.number]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => r.key);
  return { items: items.map(({ key: _key, ...view }) => view), nextCursor };
}
