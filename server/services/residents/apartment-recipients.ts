import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { apartmentResidents, users } from '@/db/schema';

export type ApartmentRecipient = { name: string | null; email: string; channel: 'email' | 'e_invoice' };

/** The people an apartment's invoices and letters are addressed to, by name then email. */
export async function apartmentRecipients(db: DbExecutor, tenantId: string, apartmentId: string): Promise<ApartmentRecipient[]> {
  return db
    .select({ name: users.name, email: users.email, channel: apartmentResidents.invoiceChannel })
    .from(apartmentResidents)
    .innerJoin(users, eq(users.id, apartmentResidents.userId))
    .where(and(eq(apartmentResidents.tenantId, tenantId), eq(apartmentResidents.apartmentId, apartmentId)))
    .orderBy(asc(users.name), asc(users.email));
}
