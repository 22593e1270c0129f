import { sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { users } from '@/db/schema';
import { type Locale, savedLocale } from '@/i18n/locales';

/** The language to write to an address in: its account's saved choice, else Estonian (a person without an account yet). */
export async function addressLocale(db: DbExecutor, email: string): Promise<Locale> {
  const [user] = await db.select({ locale: users.locale }).from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return savedLocale(user?.locale);
}
