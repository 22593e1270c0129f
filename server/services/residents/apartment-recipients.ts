import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { apartmentResidents, tenants, users } from '@/db/schema';
import { type Locale, savedLocale } from '@/i18n/locales';

export type ApartmentRecipient = { name: string | null; email: string; channel: 'email' | 'e_invoice'; locale: Locale };

/** The people an apartment's invoices and letters are addressed to, by name then email, each with the language they read (their own, else the organisation's default). */
export async function apartmentRecipients(db: DbExecutor, tenantId: string, apartmentId: string): Promise<ApartmentRecipient[]> {
  const rows = await db
    .select({ name: users.name, email: users.email, channel: apartmentResidents.invoiceChannel, locale: users.locale, tenantLocale: tenants.defaultLocale })
    .from(apartmentResidents)
    .innerJoin(users, eq(users.id, apartmentResidents.userId))
    .innerJoin(tenants, eq(tenants.id, apartmentResidents.tenantId))
    .where(and(eq(apartmentResidents.tenantId, tenantId), eq(apartmentResidents.apartmentId, apartmentId)))
    .orderBy(asc(users.name), asc(users.email));
  return rows.map(({ tenantLocale, ...r }) => ({ ...r, locale: savedLocale(r.locale, savedLocale(tenantLocale)) }));
}
