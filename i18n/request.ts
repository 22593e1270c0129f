import { getRequestConfig } from 'next-intl/server';
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE } from './locales';
import { loadMessages } from './messages';
import { pickLocale } from './pick-locale';

/** Per request: the reader's language (i18n/locales.ts) and its messages; no locale in the URL. */
export default getRequestConfig(async () => {
  const locale = pickLocale({ cookie: (await cookies()).get(LOCALE_COOKIE)?.value, acceptLanguage: (await headers()).get('accept-language') });
  return { locale, messages: await loadMessages(locale) };
});
