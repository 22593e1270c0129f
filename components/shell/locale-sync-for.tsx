import { cookies } from 'next/headers';
import { LOCALE_COOKIE } from '@/i18n/locales';
import type { WebUser } from '@/server/auth/web-session';
import { LocaleSync } from './language-select';

/** The signed-in shells' language sync (a server component: it reads whether this browser has chosen). */
export async function LocaleSyncFor({ user }: { user: WebUser }) {
  const chosenHere = Boolean((await cookies()).get(LOCALE_COOKIE)?.value);
  return <LocaleSync saved={user.locale} chosenHere={chosenHere} />;
}
