import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import type { Role } from '@/db/schema';
import { homeFor } from './home';
import { findWebUser, WEB_SESSION_COOKIES, type WebUser } from './web-session';

export { homeFor };

/** The signed-in user of this request (server components and actions), or null. */
export async function getCurrentUser(): Promise<WebUser | null> {
  const jar = await cookies();
  for (const name of WEB_SESSION_COOKIES) {
    const token = jar.get(name)?.value;
    if (token) return findWebUser(getDb(), token, new Date());
  }
  return null;
}

/** The signed-in user with one of the roles; others are sent where they belong. */
export async function requireUser(roles?: Role[]): Promise<WebUser> {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in');
  if (roles && !roles.includes(user.role)) redirect(homeFor(user.role));
  return user;
}
