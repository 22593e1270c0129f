import { buildings } from '@/db/schema';
import { csvPages } from '@/server/domain/csv';
import { requireBuilding } from '../apartments/apartment-fields';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { buildingScope } from '../scopes';
import { type ListResidentsInput, listResidents } from './list-residents';

export const RESIDENT_EXPORT_HEADER = ['Name', 'Email', 'Phone', 'Building', 'Apartment', 'Role', 'Invoices by'];
const PAGE = 1000;

/** The residents the list shows (its filters and order) as CSV, one row per person and apartment. */
export async function* exportResidents({ ctx, input }: { ctx: ServiceContext; input: Omit<ListResidentsInput, 'limit' | 'cursor'> }): AsyncGenerator<string> {
  requireRole(ctx, ...MANAGERS);
  // Before the first line, so another tenant's building is a 404 answer and not a broken download.
  if (input.buildingId) await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);
  const buildingNames = new Map((await ctx.db.select({ id: buildings.id, name: buildings.name }).from(buildings).where(buildingScope(ctx))).map((b) => [b.id, b.name]));
  return yield* csvPages(
    RESIDENT_EXPORT_HEADER,
    (cursor) => listResidents({ ctx, input: { ...input, limit: PAGE, cursor } }),
    (r) => [r.name ?? '', r.email, r.phone ?? '', buildingNames.get(r.buildingId) ?? '', r.apartmentNumber, r.role, r.invoiceChannel === 'e_invoice' ? 'e-invoice' : 'email'],
  );
}
