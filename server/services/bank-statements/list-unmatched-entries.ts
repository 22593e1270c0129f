import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { bankStatementEntries } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { BadRequestError } from '../errors';
import { decodeCursor, pageOf } from '../pagination';
import { bankEntryScope } from '../scopes';
import { type BankEntryView, bankEntryViews } from './bank-entry-view';

/** The queue: credit entries no reference or invoice number matched, newest booking date first, with their suggestions. */
export async function listUnmatchedEntries({ ctx, input }: { ctx: ServiceContext; input: { limit: number; cursor?: string } }): Promise<{ items: BankEntryView[]; nextCursor: string | null }> {
  requireRole(ctx, ...MANAGERS);
  const where: SQL[] = [bankEntryScope(ctx), eq(bankStatementEntries.status, 'unmatched')];
  if (input.cursor) {
    const [date, id] = decodeCursor(input.cursor, 2) as [string, string];
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(date)) || !/^[0-9a-f-]{36}$/i.test(String(id))) throw new BadRequestError('Invalid cursor');
    where.push(sql`(${bankStatementEntries.bookingDate}, ${bankStatementEntries.id}) < (${date}::date, ${id}::uuid)`);
  }
  const rows = await ctx.db
    .select()
    .from(bankStatementEntries)
    .where(and(...where))
    .orderBy(desc(bankStatementEntries.bookingDate), desc(bankStatementEntries.id))
    .limit(input.limit + 1);
  const { items, nextCursor } = pageOf(rows, input.limit, (r) => [r.bookingDate, r.id]);
  return { items: await bankEntryViews(ctx.db, items), nextCursor };
}
