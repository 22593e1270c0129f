import { z } from 'zod';
import { checkPassword } from '@/server/services/auth/check-password';
import { logIn } from '@/server/services/auth/log-in';
import { logOut } from '@/server/services/auth/log-out';
import { refreshSession } from '@/server/services/auth/refresh-session';
import { requestMagicLink } from '@/server/services/auth/request-magic-link';
import { one } from '../../envelope';
import { emailKeys, ipKey, type RateLimit } from '../../pipeline';
import { authedProcedure, createRouter, limitedPublicProcedure, publicProcedure } from '../../trpc';

export const TokenOutput = z.object({
  accessToken: z.string().meta({ description: 'A JWT for the Authorization header, valid 15 minutes.' }),
  refreshToken: z.string().meta({ description: 'Single use: POST it to /auth/refresh for new tokens.' }),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().meta({ description: 'Seconds the access token is valid: 900.' }),
});

const LoginInput = z.object({
  email: z.string().max(320),
  password: z.string().max(1000),
  tenantId: z.uuid().optional().meta({ description: 'The tenant to sign in to, for a user of several; default the first.' }),
});

/** Failed sign-ins per email and per IP: the REST login and the web sign-in form share these counters. */
export const LOGIN_LIMIT: RateLimit = { policy: 'login', keys: (ctx, raw) => [...emailKeys(raw), ipKey(ctx)], count: 'failures' };
/** Every magic-link request counts, per email and per IP. */
export const MAGIC_LINK_LIMIT: RateLimit = { policy: 'magicLink', keys: (ctx, raw) => [...emailKeys(raw), ipKey(ctx)], count: 'every' };

export const authRouter = createRouter({
  login: limitedPublicProcedure(LOGIN_LIMIT)
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description: 'Answers 401 for any wrong credential without saying which. Failed attempts are limited per email and per IP.',
        protect: false,
        errorResponses: [401, 429],
      },
      successStatus: 200,
    })
    .input(LoginInput)
    .output(one(TokenOutput))
    .mutation(async ({ ctx, input }) => ({ data: await logIn({ db: ctx.db, now: ctx.now, input }) })),

  /** The web sign-in form's password check (next-auth), under the same budget and keys as POST /auth/login. */
  checkPassword: limitedPublicProcedure(LOGIN_LIMIT)
    .input(LoginInput)
    .mutation(({ ctx, input }) => checkPassword({ db: ctx.db, input })),

  refresh: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/refresh',
        tags: ['auth'],
        summary: 'Exchange a refresh token for new tokens',
        description: 'Rotates the refresh token. A used or revoked one answers 401 and revokes its whole session.',
        protect: false,
        errorResponses: [401],
      },
      successStatus: 200,
    })
    .input(z.object({ refreshToken: z.string().max(200) }))
    .output(one(TokenOutput))
    .mutation(async ({ ctx, input }) => ({ data: await refreshSession({ db: ctx.db, now: ctx.now, input }) })),

  logout: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/logout',
        tags: ['auth'],
        summary: 'Sign out',
        description: "Revokes the caller's session: its access and refresh tokens stop working at once.",
      },
      successStatus: 204,
    })
    .input(z.object({ refreshToken: z.string().max(200).optional() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await logOut({ db: ctx.db, now: ctx.now, input: { userId: ctx.caller.userId, sessionId: ctx.caller.sessionId, refreshToken: input.refreshToken } });
    }),

  requestMagicLink: limitedPublicProcedure(MAGIC_LINK_LIMIT)
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/magic-link',
        tags: ['auth'],
        summary: 'Email a sign-in link',
        description: 'Always answers 202 with the same body, whether or not the email is known. The link works once, for 15 minutes.',
        protect: false,
        errorResponses: [429],
      },
      successStatus: 202,
    })
    .input(z.object({ email: z.string().max(320) }))
    .output(one(z.object({ sent: z.literal(true) })))
    .mutation(async ({ ctx, input }) => ({ data: await requestMagicLink({ db: ctx.db, now: ctx.now, input }) })),
});
