import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { memberships, type Role, tenants, users, webSessions } from '@/db/schema';

export const WEB_SESSION_COOKIES = ['__Secure-authjs.session-token', 'authjs.session-token'] as const;

export type WebUser = {
  userId: string;
  email: string;
  name: string | null;
  tenantId: string;
  tenantName: string;
  role: Role;
  /** The language the person chose, if any. */
  locale: string | null;
  /** The tenant's language for a person who has not chosen one, and whether their browser's may stand in for it. */
  tenantDefaultLocale: string;
  tenantAllowsBrowserLocale: boolean;
  sessionToken: string;
};

/** The signed-in user of a browser session, in the tenant the session works in; null when unknown, expired or disabled. */
export async function findWebUser(db: Db, sessionToken: string, now: Date): Promise<WebUser | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      locale: users.locale,
      tenantId: tenants.id,
      tenantName: tenants.name,
      tenantDefaultLocale: tenants.defaultLocale,
      tenantAllowsBrowserLocale: tenants.allowBrowserLocale,
      role: memberships.role,
    })
    .from(webSessions)
    .innerJoin(users, eq(users.id, webSessions.userId))
    .innerJoin(memberships, and(eq(memberships.userId, webSessions.userId), eq(memberships.tenantId, webSessions.tenantId)))
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(webSessions.sessionToken, sessionToken), gt(webSessions.expires, now), isNull(users.disabledAt)));
  return row ? { ...row, sessionToken } : null;
}

export function sessionTokenFromCookieHeader(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const cookies = new Map(
    cookieHeader.split(';').map((part) => {
      const i = part.indexOf('=');
      return [part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim())] as const;
    }),
  );
  for (const name of WEB_SESSION_COOKIES) {
    const value = cookies.get(name);
    if (value) return value;
  }
  return null;
}
