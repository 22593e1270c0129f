import { z } from 'zod';
import { LOCALES } from '@/i18n/locales';
import { acceptInvitation } from '@/server/services/invitations/accept-invitation';
import { cancelInvitation } from '@/server/services/invitations/cancel-invitation';
import { createInvitation } from '@/server/services/invitations/create-invitation';
import { describeInvitation } from '@/server/services/invitations/describe-invitation';
import { emailInvitationLink } from '@/server/services/invitations/email-invitation-link';
import type { InvitationView } from '@/server/services/invitations/invitation-view';
import { listInvitations } from '@/server/services/invitations/list-invitations';
import { listMyApartments } from '@/server/services/residents/list-my-apartments';
import { listResidents, RESIDENT_SORTS } from '@/server/services/residents/list-residents';
import { removeResident } from '@/server/services/residents/remove-resident';
import { setInvoiceChannel } from '@/server/services/residents/set-invoice-channel';
import { one, page, PageQuery } from '../../envelope';
import { TokenOutput } from '../auth';
import { emailKeys, ipKey, type RateLimit } from '../../pipeline';
import { authedProcedure, createRouter, limitedPublicProcedure, managerProcedure, publicProcedure } from '../../trpc';
import { InviteResidentInput, ResidentRole } from '../../schemas/residents';

/** Failed invitation acceptances (a wrong token, a refused password) per IP; the web form shares it. */
export const ACCEPT_LIMIT: RateLimit = { policy: 'invitationAccept', keys: (ctx) => [ipKey(ctx)], count: 'failures', failureCodes: ['NOT_FOUND', 'VALIDATION_FAILED'] };

/** The invitation page's "continue with a magic link": the magic-link budget of the invited email and of the IP. */
const INVITATION_LINK_LIMIT: RateLimit = {
  policy: 'magicLink',
  keys: async (ctx, raw) => {
    const token = raw && typeof raw === 'object' ? (raw as { token?: unknown }).token : undefined;
    const invitation = typeof token === 'string' ? await describeInvitation({ db: ctx.db, now: ctx.now, token }) : null;
    return [ipKey(ctx), ...emailKeys(invitation ?? undefined)];
  },
  count: 'every',
};

const TokenInput = z.object({ token: z.string().max(200) });

const tags = ['residents'];
export const ResidentOutput = z.object({
  id: z.uuid().meta({ description: 'The link between the person and the apartment (DELETE /residents/{id} removes it).' }),
  userId: z.uuid(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  apartmentId: z.uuid(),
  apartmentNumber: z.string(),
  buildingId: z.uuid(),
  role: ResidentRole,
  invoiceChannel: z.enum(['email', 'e_invoice']).meta({ description: 'How the person receives the apartment\'s invoices: `email`, or `e_invoice` through their bank (then not emailed).' }),
});

export const InvitationOutput = z.object({
  id: z.uuid(),
  email: z.string(),
  apartmentId: z.uuid(),
  role: ResidentRole,
  status: z.enum(['pending', 'accepted', 'cancelled', 'expired']),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});

const invitationOut = (v: InvitationView) => ({ ...v, expiresAt: v.expiresAt.toISOString(), createdAt: v.createdAt.toISOString() });

/** The list's filters and order, also those of GET /residents/export. */
export const ResidentListQuery = z.object({
  buildingId: z.uuid().optional(),
  apartmentId: z.uuid().optional(),
  q: z.string().max(200).optional().meta({ description: 'Searches the name, email, phone and apartment number (contains, any case).' }),
  sort: z.enum(RESIDENT_SORTS).optional().meta({ description: '`name` (default), `email` or `apartment` (by building, then apartment number), descending with a leading `-`.' }),
});

export const residentsRouter = createRouter({
  /** The resident portal's home: the caller's own apartments (tRPC only). */
  myApartments: authedProcedure.query(({ ctx }) => listMyApartments({ ctx: ctx.svc })),

  list: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/residents',
        tags,
        summary: 'List residents',
        description:
          'People linked to apartments of the tenant, one row per person and apartment; by name unless `sort` says otherwise (another tenant\'s `buildingId` is 404). As CSV: GET /residents/export.',
      },
    })
    .input(PageQuery.extend(ResidentListQuery.shape))
    .output(page(ResidentOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listResidents({ ctx: ctx.svc, input });
      return { data: items, nextCursor };
    }),

  setInvoiceChannel: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/residents/{id}',
        tags,
        summary: "Set how a resident receives the apartment's invoices",
        description:
          '`invoiceChannel`: `email` (the invoice PDF by mail; the default) or `e_invoice` (through the resident\'s bank, from the building\'s ' +
          'e-invoice file, GET /invoices/export/e-invoice; such a resident is not emailed the invoice as well). Managers for anyone of the tenant, ' +
          'a resident for their own apartments (another\'s is 404).',
      },
    })
    .input(z.object({ id: z.uuid(), invoiceChannel: z.enum(['email', 'e_invoice']) }))
    .output(one(z.object({ id: z.uuid(), invoiceChannel: z.enum(['email', 'e_invoice']) })))
    .mutation(async ({ ctx, input }) => ({ data: await setInvoiceChannel({ ctx: ctx.svc, input }) })),

  remove: managerProcedure
    .meta({ openapi: { method: 'DELETE', path: '/residents/{id}', tags, summary: 'Remove a resident from an apartment', description: 'The person keeps their account; without apartments left they lose access to the tenant.' } })
    .input(z.object({ id: z.uuid() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await removeResident({ ctx: ctx.svc, input });
    }),

  invite: managerProcedure
    .meta({ openapi: { method: 'POST', path: '/invitations', tags, summary: 'Invite a person to an apartment', description: 'Emails a single-use link valid 7 days. A pending invitation for the same email and apartment gives 409.', errorResponses: [409] } })
    .input(InviteResidentInput)
    .output(one(InvitationOutput))
    .mutation(async ({ ctx, input }) => ({ data: invitationOut(await createInvitation({ ctx: ctx.svc, input })) })),

  listInvitations: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/invitations', tags, summary: 'List pending invitations', description: 'Invitations not yet accepted, cancelled or expired.' } })
    .input(PageQuery)
    .output(page(InvitationOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listInvitations({ ctx: ctx.svc, input });
      return { data: items.map(invitationOut), nextCursor };
    }),

  cancelInvitation: managerProcedure
    .meta({ openapi: { method: 'DELETE', path: '/invitations/{id}', tags, summary: 'Cancel an invitation', description: 'Its link stops working. Only pending invitations can be cancelled.' } })
    .input(z.object({ id: z.uuid() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await cancelInvitation({ ctx: ctx.svc, input });
    }),

  acceptInvitation: limitedPublicProcedure(ACCEPT_LIMIT)
    .meta({
      openapi: {
        method: 'POST',
        path: '/invitations/accept',
        tags,
        summary: 'Accept an invitation',
        description:
          'With the token from the link. A new person sets name and password (at least 10 characters); a person with an account gives its password and is linked. ' +
          'Answers like POST /auth/login. A used, cancelled or expired token is 404; failed attempts are limited per IP. ' +
          'A new person whose account another invitation created at the same moment gets 409 and accepts again with that password.',
        protect: false,
        errorResponses: [404, 409, 422, 429],
      },
      successStatus: 200,
    })
    .input(z.object({ token: z.string().max(200), name: z.string().max(200), password: z.string().max(1000) }))
    .output(one(TokenOutput))
    .mutation(async ({ ctx, input }) => {
      const { accessToken, refreshToken, tokenType, expiresIn } = await acceptInvitation({ db: ctx.db, now: ctx.now, input });
      return { data: { accessToken, refreshToken, tokenType, expiresIn } };
    }),

  /** What the invitation page shows for a usable token; null for a used, cancelled or expired one. */
  describeInvitation: publicProcedure.input(TokenInput).query(({ ctx, input }) => describeInvitation({ db: ctx.db, now: ctx.now, token: input.token })),

  /** Mails the invited address a link that accepts the invitation and signs in (no password). */
  emailInvitationLink: limitedPublicProcedure(INVITATION_LINK_LIMIT)
    .input(TokenInput.extend({ name: z.string().max(1000), locale: z.enum(LOCALES).optional() }))
    .mutation(({ ctx, input }) => emailInvitationLink({ db: ctx.db, now: ctx.now, input })),
});
