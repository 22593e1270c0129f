import { randomBytes } from 'node:crypto';
import { DrizzleAdapter } from '@auth/drizzle-adapter';
import { eq } from 'drizzle-orm';
import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getDb } from '@/db/client';
import { users, webSessions } from '@/db/schema';
import { callerFor, failureOf } from '@/server/api/server-caller';
import { consumeMagicLink } from '@/server/services/auth/consume-magic-link';
import { findMembership } from '@/server/services/auth/find-membership';
import { acceptInvitationLink } from '@/server/services/invitations/accept-invitation-link';
import { INVITATION_LINK_PREFIX } from '@/server/domain/link-tokens';
import { env, isProduction } from '@/server/env';
import { authSecret } from './secret';
import { findWebUser } from './web-session';

export const AUTH_BASE_PATH = '/api/authjs';
const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

class RateLimitedSignin extends CredentialsSignin {
  code = 'rate_limited';
}

function config(): NextAuthConfig {
  const db = getDb();
  const adapter = DrizzleAdapter(db, { usersTable: users, sessionsTable: webSessions } as never);
  return {
    // REST owns /api/auth/*; the web app's sign-in lives beside it.
    basePath: AUTH_BASE_PATH,
    secret: Buffer.from(authSecret()).toString(),
    trustHost: true,
    // Cookies are HttpOnly and SameSite=Lax (Auth.js's defaults), and Secure when the request came over
    // https. Behind a trusted proxy in production every request is https (proxy.ts refuses http), so
    // always Secure there, even when the proxy forgets X-Forwarded-Proto.
    useSecureCookies: isProduction && env.TRUST_PROXY ? true : undefined,
    pages: { signIn: '/sign-in', error: '/sign-in' },
    // Credentials sign-ins need the "jwt" strategy in Auth.js; the cookie nevertheless holds an
    // opaque token of a session row (created through the Drizzle adapter), so sessions can be revoked.
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE },
    jwt: {
      async encode({ token }) {
        if (typeof token?.sessionToken === 'string') return token.sessionToken;
        if (!token?.sub) throw new Error('session without a user');
        const sessionToken = randomBytes(32).toString('base64url');
        await adapter.createSession!({ sessionToken, userId: token.sub, expires: new Date(Date.now() + SESSION_MAX_AGE * 1000) });
        // The tenant chosen at sign-in (an accepted invitation's), else the user's first.
        const chosen = typeof token.tenantId === 'string' ? await findMembership(db, token.sub, token.tenantId) : undefined;
        const membership = chosen ?? (await findMembership(db, token.sub));
        await db.update(webSessions).set({ tenantId: membership?.tenantId ?? null }).where(eq(webSessions.sessionToken, sessionToken));
        return sessionToken;
      },
      async decode({ token }) {
        if (!token) return null;
        const user = await findWebUser(db, token, new Date());
        return user ? { sub: user.userId, email: user.email, name: user.name, sessionToken: token } : null;
      },
    },
    callbacks: {
      // Carries the tenant a sign-in asked for from `authorize` to `jwt.encode`, which opens the session there.
      jwt({ token, user }) {
        const tenantId = (user as { tenantId?: unknown } | undefined)?.tenantId;
        if (typeof tenantId === 'string') token.tenantId = tenantId;
        return token;
      },
    },
    events: {
      async signOut(message) {
        const token = 'token' in message ? message.token?.sessionToken : undefined;
        if (typeof token === 'string') await adapter.deleteSession!(token);
      },
    },
    providers: [
      Credentials({
        id: 'password',
        name: 'Email and password',
        // `tenantId` (optional): the tenant to work in, when the user is a member of it (after accepting an invitation).
        credentials: { email: { type: 'email' }, password: { type: 'password' }, tenantId: { type: 'text' } },
        async authorize(credentials, request) {
          // The same procedure, budget and keys (email and client IP) as POST /auth/login.
          const api = await callerFor(request.headers);
          const tenantId = typeof credentials?.tenantId === 'string' && credentials.tenantId ? credentials.tenantId : undefined;
          try {
            const user = await api.auth.checkPassword({ email: String(credentials?.email ?? ''), password: String(credentials?.password ?? ''), tenantId });
            return { id: user.id, email: user.email, name: user.name, tenantId: tenantId && user.tenantId };
          } catch (err) {
            const { code } = failureOf(err);
            if (code === 'TOO_MANY_REQUESTS') throw new RateLimitedSignin();
            return null;
          }
        },
      }),
      Credentials({
        id: 'magic-link',
        name: 'Magic link',
        credentials: { token: { type: 'text' } },
        async authorize(credentials) {
          const token = String(credentials?.token ?? '');
          // An invitation's link accepts it and signs in to its tenant; a plain link just signs in.
          if (token.startsWith(INVITATION_LINK_PREFIX)) return acceptInvitationLink({ db, now: new Date(), token });
          const user = await consumeMagicLink({ db, now: new Date(), token });
          if (!user || !(await findMembership(db, user.id))) return null;
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
    ],
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => config());
