import { sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { users } from '@/db/schema';
import { isLocale, type Locale } from '@/i18n/locales';
import { tenantLocale } from '../organisation/tenant-locale';

/**
 * The language to write to an address on behalf of an organisation: its account's saved choice, else the
 * organisation's default language (a person without an account yet, or who has not chosen).
 */
export async function addressLocale(db: DbExecutor, tenantId: string, email: string): Promise<Locale> {
  const [user] = await db.select({ locale: users.locale }).from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return isLocale(user?.locale) ? user.locale : tenantLocale(db, tenantId);
}
