// Imported by the router and by the organisation settings form, which checks its input with it before sending it:
// only zod here, nothing that needs the server.
import { z } from 'zod';
import { LOCALES } from '@/i18n/locales';

const Optional = (max: number, description: string) => z.string().max(max).nullable().meta({ description });

/** PATCH /organisation: shared by the router and the settings form. */
export const UpdateOrganisationInput = z.object({
  name: z.string().max(200).optional(),
  legalName: Optional(200, 'Blank or null clears it.').optional(),
  registrationCode: Optional(20, '6 to 12 digits.').optional(),
  vatNumber: Optional(20, 'A country code and 2 to 13 letters or digits.').optional(),
  address: Optional(300, 'One line, as printed.').optional(),
  email: z.email().max(320).nullable().or(z.literal('')).optional(),
  phone: Optional(40, 'As printed.').optional(),
  iban: Optional(42, 'Checked by its checksum; spaces allowed.').optional(),
  timeZone: z.string().max(64).optional(),
  logoUploadId: z
    .uuid()
    .nullable()
    .optional()
    .meta({ description: 'An image uploaded with POST /uploads (PNG, JPEG, WebP or HEIC) to print as the logo; a printable copy is kept and its id returned. Null removes the logo.' }),
  defaultLocale: z.enum(LOCALES).optional().meta({ description: 'The language (et, ru, en) of mail and PDFs to a person who has not chosen one, and of the app for them.' }),
  allowBrowserLocale: z.boolean().optional().meta({ description: 'Whether a signed-in person who has not chosen a language sees the app in their browser\'s language (else `defaultLocale`).' }),
});
