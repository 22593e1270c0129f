import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { memberships, tenants } from '@/db/schema';
import { type Locale, savedLocale } from '@/i18n/locales';

/** The organisation's default language: what its mail and PDFs are written in for a person who has chosen none. */
export async function tenantLocale(db: DbExecutor, tenantId: string): Promise<Locale> {
  const [tenant] = await db.select({ locale: tenants.defaultLocale }).from(tenants).where(eq(tenants.id, tenantId));
  return savedLocale(tenant?.locale);
}

/** For mail outside any tenant (a sign-in link): the default language of the person's first organisation, else Estonian. */
export async function homeTenantLocale(db: DbExecutor, userId: string): Promise<Locale> {
  const [first] = await db
    .select({ locale: tenants.defaultLocale })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return savedLocale(first?.locale);
}
