import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';

/**
 * Bank-statement bookings of one tenant take turns (a transaction-scoped advisory lock): an import pays
 * invoices of many apartments, and two imports locking them in different orders could deadlock.
 */
export async function lockBankBooking(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bank-booking:${tenantId}`}, 0))`);
}
