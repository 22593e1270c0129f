import { eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { tenants } from '@/db/schema';
import { type Locale, savedLocale } from '@/i18n/locales';
import { NotFoundError } from '../errors';

export type OrganisationView = {
  id: string;
  name: string;
  legalName: string | null;
  registrationCode: string | null;
  vatNumber: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  iban: string | null;
  timeZone: string;
  /** The printed logo (GET /uploads/{id}), or none. */
  logoUploadId: string | null;
  /** The language of mail and PDFs to a person who has not chosen one, and of the app for them. */
  defaultLocale: Locale;
  /** Whether a signed-in person who has not chosen a language gets their browser's (else defaultLocale). */
  allowBrowserLocale: boolean;
};

/** The tenant's own details, as invoices, letters and e-invoices print them. */
export async function organisationOf(db: DbExecutor, tenantId: string): Promise<OrganisationView> {
  const [t] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!t) throw new NotFoundError('Organisation');
  return { id: t.id, name: t.name, legalName: t.legalName, registrationCode: t.registrationCode, vatNumber: t.vatNumber, address: t.address, email: t.email, phone: t.phone, iban: t.iban, timeZone: t.timeZone, logoUploadId: t.logoUploadId, defaultLocale: savedLocale(t.defaultLocale), allowBrowserLocale: t.allowBrowserLocale };
}
