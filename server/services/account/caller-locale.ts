import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { DEFAULT_LOCALE, type Locale, savedLocale } from '@/i18n/locales';
import type { ServiceContext } from '../context';

/** The language of the one asking for a document (a resident's or manager's download): their saved choice, else Estonian. */
export async function callerLocale(ctx: ServiceContext): Promise<Locale> {
  if (!ctx.userId) return DEFAULT_LOCALE;
  const [user] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, ctx.userId));
  return savedLocale(user?.locale);
}
