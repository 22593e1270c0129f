'use server';

import { cookies } from 'next/headers';
import { isLocale, LOCALE_COOKIE } from '@/i18n/locales';
import { serverApi } from '@/server/api/server-caller';
import { getCurrentUser } from '@/server/auth/current-user';

/** The reader's language chosen (sign-in page, user menu): kept in a cookie for this browser, and for a signed-in person on their account. */
export async function chooseLocaleAction(locale: string): Promise<void> {
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600 });
  if (await getCurrentUser()) await (await serverApi()).account.setLocale({ locale });
}
