import { z } from 'zod';
import { changePassword } from '@/server/services/account/change-password';
import { signOutOtherSessions } from '@/server/services/account/sign-out-other-sessions';
import { authedProcedure, createRouter } from '../../trpc';

// Account settings of the web app (tRPC only; integrators manage sessions through /auth/*).
export const accountRouter = createRouter({
  changePassword: authedProcedure
    .input(z.object({ currentPassword: z.string().max(1000), newPassword: z.string().max(1000) }))
    .mutation(async ({ ctx, input }) => {
      await changePassword({ ctx: ctx.svc, input: { ...input, webSessionToken: ctx.caller.webSessionToken, authSessionId: ctx.caller.sessionId } });
      return { changed: true };
    }),

  signOutOtherSessions: authedProcedure.mutation(async ({ ctx }) => {
    await signOutOtherSessions({ ctx: ctx.svc, input: { webSessionToken: ctx.caller.webSessionToken, authSessionId: ctx.caller.sessionId } });
    return { signedOut: true };
  }),
});
