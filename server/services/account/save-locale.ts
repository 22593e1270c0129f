import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { Locale } from '@/i18n/locales';
import type { ServiceContext } from '../context';

/** Remembers the language the caller chose, for their other browsers, mail and PDFs. */
export async function saveLocale({ ctx, input }: { ctx: ServiceContext; input: { locale: Locale } }): Promise<void> {
  await ctx.db.update(users).set({ locale: input.locale }).where(eq(users.id, ctx.userId!));
}
