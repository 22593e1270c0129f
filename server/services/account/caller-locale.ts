import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { isLocale, type Locale } from '@/i18n/locales';
import type { ServiceContext } from '../context';
import { tenantLocale } from '../organisation/tenant-locale';

/** The language of the one asking for a document (a resident's or manager's download): their saved choice, else the organisation's default. */
export async function callerLocale(ctx: ServiceContext): Promise<Locale> {
  const [user] = ctx.userId ? await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, ctx.userId)) : [];
  return isLocale(user?.locale) ? user.locale : tenantLocale(ctx.db, ctx.tenantId);
}
