import type { DbExecutor } from '@/db/client';
import type { Issuer } from '@/server/pdf/issuer-block';
import type { OrganisationView } from './organisation-view';
import { logoDataUrl } from './set-logo';
import type { Translate } from '@/i18n/translator';

export type Payee = { iban: string | null; name: string };

/** Whom residents pay and where: the building's own account and recipient, else the organisation's. */
export function payeeOf(building: { iban: string | null; bankRecipient: string | null }, organisation: Pick<OrganisationView, 'iban' | 'legalName' | 'name'>): Payee {
  return { iban: building.iban?.trim() || organisation.iban || null, name: building.bankRecipient?.trim() || organisation.legalName || organisation.name };
}

/** The issuer as invoices and letters print it: the logo, the legal name, then registry code and VAT number, address, contacts. */
export async function issuerOf(db: DbExecutor, organisation: OrganisationView, t: Translate): Promise<Issuer> {
  return { name: organisation.legalName ?? organisation.name, lines: issuerLines(organisation, t), logo: await logoDataUrl(db, organisation.id, organisation.logoUploadId) };
}

/** The codes labelled in the document's language (`t`: the `Pdf` messages), then the address and contacts. */
function issuerLines(organisation: OrganisationView, t: Translate): string[] {
  const codes = [organisation.registrationCode && t('regCode', { code: organisation.registrationCode }), organisation.vatNumber && t('vatNo', { number: organisation.vatNumber })].filter(Boolean).join(' · ');
  const contacts = [organisation.email, organisation.phone].filter(Boolean).join(' · ');
  return [codes, organisation.address ?? '', contacts].filter((l) => l !== '');
}
