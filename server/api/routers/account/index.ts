import { z } from 'zod';
import { changePassword } from '@/server/services/account/change-password';
import { LOCALES } from '@/i18n/locales';
import { listMemberships } from '@/server/services/account/list-memberships';
import { saveLocale } from '@/server/services/account/save-locale';
import { signOutOtherSessions } from '@/server/services/account/sign-out-other-sessions';
import { switchTenant } from '@/server/services/account/switch-tenant';
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

  /** The caller's tenants with their role in each; `current` marks the one this session works in. */
  memberships: authedProcedure.query(({ ctx }) => listMemberships({ ctx: ctx.svc })),

  /** Remembers the caller's language (et, ru, en) for their other browsers, mail and PDFs. */
  setLocale: authedProcedure
    .input(z.object({ locale: z.enum(LOCALES) }))
    .mutation(async ({ ctx, input }) => {
      await saveLocale({ ctx: ctx.svc, input });
      return { locale: input.locale };
    }),

  /** Moves the browser session to another of the caller's tenants (404 for one the caller is not a member of). */
  switchTenant: authedProcedure
    .input(z.object({ tenantId: z.uuid() }))
    .mutation(({ ctx, input }) => switchTenant({ ctx: ctx.svc, input: { tenantId: input.tenantId, webSessionToken: ctx.caller.webSessionToken } })),
});
