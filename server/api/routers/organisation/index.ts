import { z } from 'zod';
import { LOCALES } from '@/i18n/locales';
import { getOrganisation } from '@/server/services/organisation/get-organisation';
import { updateOrganisation } from '@/server/services/organisation/update-organisation';
import { one } from '../../envelope';
import { adminProcedure, createRouter, managerProcedure } from '../../trpc';
import { UpdateOrganisationInput } from '../../schemas/organisation';

const tags = ['organisation'];

export const OrganisationOutput = z.object({
  id: z.uuid(),
  name: z.string().meta({ description: 'The name shown in the app and mails.' }),
  legalName: z.string().nullable().meta({ description: 'As registered, e.g. "Korteriühistu Tamme 12"; printed on invoices (else `name`).' }),
  registrationCode: z.string().nullable().meta({ description: 'The business registry code, e.g. 80123456; printed on invoices and in the e-invoice file.' }),
  vatNumber: z.string().nullable().meta({ description: 'The VAT number, e.g. EE101234567; printed on invoices that charge VAT.' }),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  iban: z.string().nullable().meta({ description: 'The default account for payments, used where a building has no IBAN of its own.' }),
  timeZone: z.string().meta({ description: 'Dates, due dates and the hour reminders go out follow it.' }),
  logoUploadId: z.uuid().nullable().meta({ description: 'The logo printed on invoices and letters, served at GET /uploads/{id} (a PNG at most 600×240); null without one.' }),
  defaultLocale: z.enum(LOCALES).meta({ description: 'The language (et, ru, en) of mail and PDFs to a person who has not chosen one, and of the app for them; `et` for a new organisation.' }),
  allowBrowserLocale: z.boolean().meta({ description: 'Whether a signed-in person who has not chosen a language sees the app in their browser\'s language (else `defaultLocale`); true for a new organisation.' }),
});

export const organisationRouter = createRouter({
  get: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/organisation', tags, summary: 'The organisation\'s details', description: 'Managers and admins.' } })
    .input(z.object({}))
    .output(one(OrganisationOutput))
    .query(async ({ ctx }) => ({ data: await getOrganisation({ ctx: ctx.svc }) })),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/organisation',
        tags,
        summary: 'Change the organisation\'s details',
        description: 'Admins only. The legal name, registry code, VAT number, address and contacts are printed on invoices; an IBAN checksum, a code or VAT number of the wrong shape, or an unknown time zone is 422; a `defaultLocale` other than et, ru or en is 400. Audited.',
        errorResponses: [422],
      },
    })
    .input(UpdateOrganisationInput)
    .output(one(OrganisationOutput))
    .mutation(async ({ ctx, input }) => ({ data: await updateOrganisation({ ctx: ctx.svc, input }) })),
});
