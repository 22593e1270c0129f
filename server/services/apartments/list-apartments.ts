import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { apartments } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { decodeCursor, pageOf } from '../pagination';
import { type ApartmentView, apartmentView, creditBalances, requireBuilding } from './apartment-fields';
import { apartmentScope } from '../scopes';

// Numbers that are all digits sort as numbers (2 before 10); others after them, as text.
const sortKey = sql<string>`(case when ${apartments.number} ~ '^[0-9]+$' then lpad(${apartments.number}, 20, '0') else 'x' || ${apartments.number} end)`;

export async function listApartments({ ctx, input }: { ctx: ServiceContext; input: { buildingId: string; q?: string; limit: number; cursor?: string } }): Promise<{ items: ApartmentView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const where: SQL[] = [apartmentScope(ctx), eq(apartments.buildingId, input.buildingId)];
  if (input.q?.trim()) where.push(ilike(apartments.number, `%${input.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (input.cursor) {
    const [key, id] = decodeCursor(input.cursor, 2) as [string, string];
    where.push(sql`(${sortKey}, ${apartments.id}) > (${key}, ${id}::uuid)`);
  }
  const rows = await ctx.db
    .select({ row: apartments, key: sortKey })
    .from(apartments)
    .where(and(...where))
    .orderBy(asc(sortKey), asc(apartments.id))
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.key, r.row.id]);
  const credit = await creditBalances(ctx.db, ctx.tenantId, items.map((r) => r.row.id));
  return { items: items.map((r) => apartmentView(r.row, credit.get(r.row.id))), nextCursor };
}
