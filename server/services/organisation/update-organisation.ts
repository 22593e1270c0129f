import { eq } from 'drizzle-orm';
import { tenants } from '@/db/schema';
import { isLocale, LOCALES } from '@/i18n/locales';
import { normalizeIban } from '@/server/domain/billing-settings';
import { writeAudit } from '../audit/write-audit';
import { requireRole, type ServiceContext } from '../context';
import { type FieldError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import { type OrganisationView, organisationOf } from './organisation-view';
import { storeLogo } from './set-logo';

export type UpdateOrganisationInput = {
  name?: string;
  legalName?: string | null;
  registrationCode?: string | null;
  vatNumber?: string | null;
  address?: string | null;
  email?: string | null;
  phone?: string | null;
  iban?: string | null;
  timeZone?: string;
  /** An image uploaded with POST /uploads to print as the logo; null removes the logo. */
  logoUploadId?: string | null;
  defaultLocale?: string;
  allowBrowserLocale?: boolean;
};

/** An EU VAT number: country prefix and 2–13 letters or digits (EE + 9 digits in Estonia). */
const VAT_NUMBER = /^[A-Z]{2}[0-9A-Z]{2,13}$/;
/** A business registry code: Estonian ones have 8 digits, Latvian 11, Lithuanian 9. */
const REGISTRATION_CODE = /^[0-9]{6,12}$/;

/**
 * Changes the organisation's details (admins only). Blank optional fields are cleared; the IBAN's checksum,
 * the VAT number's and registry code's shape, the time zone and the default language are checked, every problem
 * listed in one 422.
 * A logo is given as an upload, of which a printable PNG is kept.
 */
export async function updateOrganisation({ ctx, input }: { ctx: ServiceContext; input: UpdateOrganisationInput }): Promise<OrganisationView> {
  requireRole(ctx, 'admin');
  const errors: FieldError[] = [];
  const set: Partial<typeof tenants.$inferInsert> = {};
  const text = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim().replace(/\s+/g, ' '));
  if (input.name !== undefined) {
    if (input.name.trim() === '') errors.push(fieldIssue.empty('name'));
    else set.name = text(input.name)!;
  }
  for (const key of ['legalName', 'address', 'email', 'phone'] as const) {
    const value = text(input[key]);
    if (value !== undefined) set[key] = value;
  }
  const registrationCode = text(input.registrationCode)?.replace(/\s/g, '');
  if (registrationCode !== undefined) {
    if (registrationCode !== null && !REGISTRATION_CODE.test(registrationCode)) errors.push(fieldIssue.format('registrationCode', 'Must be 6 to 12 digits, e.g. 80123456'));
    else set.registrationCode = registrationCode;
  }
  const vatNumber = text(input.vatNumber)?.replace(/\s/g, '').toUpperCase();
  if (vatNumber !== undefined) {
    if (vatNumber !== null && !VAT_NUMBER.test(vatNumber)) errors.push(fieldIssue.format('vatNumber', 'Must be a country code and number, e.g. EE101234567'));
    else set.vatNumber = vatNumber;
  }
  const iban = text(input.iban);
  if (iban !== undefined) {
    if (iban === null) set.iban = null;
    else {
      const checked = normalizeIban(iban);
      if ('error' in checked) errors.push(fieldIssue.own('iban', 'invalidIban', checked.error));
      else set.iban = checked.iban;
    }
  }
  if (input.timeZone !== undefined) {
    if (!isTimeZone(input.timeZone)) errors.push(fieldIssue.own('timeZone', 'invalidTimeZone', 'Must be a time zone such as Europe/Tallinn'));
    else set.timeZone = input.timeZone;
  }
  if (input.defaultLocale !== undefined) {
    if (!isLocale(input.defaultLocale)) errors.push({ path: 'defaultLocale', message: `Must be one of ${LOCALES.join(', ')}` });
    else set.defaultLocale = input.defaultLocale;
  }
  if (input.allowBrowserLocale !== undefined) set.allowBrowserLocale = input.allowBrowserLocale;
  if (errors.length) throw new ValidationError(errors);
  // The printable copy is made (and stored) before the details change; a refused image changes nothing.
  if (input.logoUploadId !== undefined) set.logoUploadId = input.logoUploadId === null ? null : await storeLogo(ctx, input.logoUploadId);
  return ctx.db.transaction(async (tx) => {
    const before = await organisationOf(tx, ctx.tenantId);
    if (Object.keys(set).length) await tx.update(tenants).set(set).where(eq(tenants.id, ctx.tenantId));
    const after = await organisationOf(tx, ctx.tenantId);
    await writeAudit(tx, ctx, { action: 'organisation.update', entityId: ctx.tenantId, before, after });
    return after;
  });
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}
