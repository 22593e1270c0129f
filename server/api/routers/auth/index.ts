import { z } from 'zod';
import { logIn } from '@/server/services/auth/log-in';
import { logOut } from '@/server/services/auth/log-out';
import { refreshSession } from '@/server/services/auth/refresh-session';
import { requestMagicLink } from '@/server/services/auth/request-magic-link';
import { one } from '../../envelope';
import { authedProcedure, createRouter, publicProcedure, rateLimit } from '../../trpc';

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

const emailKey = (input: unknown) => `email:${String((input as { email?: string })?.email ?? '').trim().toLowerCase()}`;

export const authRouter = createRouter({
  login: publicProcedure
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
    .use(rateLimit({ policy: 'login', keys: (ctx, input) => [emailKey(input), `ip:${ctx.ip}`], count: 'failures' }))
    .output(one(TokenOutput))
    .mutation(async ({ ctx, input }) => ({ data: await logIn({ db: ctx.db, now: ctx.now, input }) })),

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

  requestMagicLink: publicProcedure
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
    .use(rateLimit({ policy: 'magicLink', keys: (ctx, input) => [emailKey(input), `ip:${ctx.ip}`], count: 'every' }))
    .output(one(z.object({ sent: z.literal(true) })))
    .mutation(async ({ ctx, input }) => ({ data: await requestMagicLink({ db: ctx.db, now: ctx.now, input }) })),
});
