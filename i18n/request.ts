import { getRequestConfig } from 'next-intl/server';
import { cookies, headers } from 'next/headers';
import { getCurrentUser } from '@/server/auth/current-user';
import { isLocale, LOCALE_COOKIE, savedLocale } from './locales';
import { loadMessages } from './messages';
import { pickLocale } from './pick-locale';

/**
 * Per request: the reader's language (i18n/pick-locale.ts) and its messages; no locale in the URL. Only a browser
 * that has not chosen asks who is signed in: their saved choice and their organisation's language settings.
 */
export default getRequestConfig(async () => {
  const cookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  const user = isLocale(cookie) ? null : await getCurrentUser();
  const locale = pickLocale({
    cookie,
    acceptLanguage: (await headers()).get('accept-language'),
    saved: user?.locale,
    tenant: user ? { defaultLocale: savedLocale(user.tenantDefaultLocale), allowBrowserLocale: user.tenantAllowsBrowserLocale } : undefined,
  });
  return { locale, messages: await loadMessages(locale) };
});
