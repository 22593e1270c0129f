import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GET as pdfRoute } from '@/app/api/invoices/[id]/pdf/route';
import { getDb } from '@/db/client';
import { apartments, auditLog, buildings, chargeRules } from '@/db/schema';
import { bearerFor, makeTenant, serviceContext } from '@/test/factories';
import { pdfText } from '@/test/pdf-text';
import { restClient } from '@/test/rest-client';
import { download, upload } from '@/test/uploads';
import { ForbiddenError, ValidationError } from '../errors';
import { generateInvoices } from '../invoices/generate-invoices';
import { updateInvoice } from '../invoices/update-invoice';
import { getOrganisation } from './get-organisation';
import { updateOrganisation } from './update-organisation';

describe('organisation settings', () => {
  it('managers read them, admins change them, checked and normalised, every problem in one 422, audited; other tenants are untouched', async () => {
    const t = await makeTenant('Ühistute haldus');
    const other = await makeTenant();
    const admin = restClient(await bearerFor(t.tenantId, t.admin));
    const manager = restClient(await bearerFor(t.tenantId, t.manager));

    const initial = await manager('GET', '/organisation');
    expect(initial.status).toBe(200);
    expect(initial.body.data).toMatchObject({ id: t.tenantId, legalName: null, registrationCode: null, vatNumber: null, iban: null, timeZone: 'Europe/Tallinn' });
    expect((await restClient(await bearerFor(t.tenantId, t.resident))('GET', '/organisation')).status).toBe(403);
    expect((await manager('PATCH', '/organisation', { legalName: 'X' })).status).toBe(403);

    const bad = await admin('PATCH', '/organisation', { name: ' ', registrationCode: '12-34', vatNumber: '101234567', iban: 'EE382200221020145686', timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((d: { path: string }) => d.path).sort()).toEqual(['iban', 'name', 'registrationCode', 'timeZone', 'vatNumber']);

    const changed = await admin('PATCH', '/organisation', {
      legalName: '  Korteriühistu   Tamme 12 ',
      registrationCode: '8012 3456',
      vatNumber: 'ee101234567',
      address: 'Tamme tn 12, 50403 Tartu',
      email: 'juhatus@tamme12.ee',
      phone: '+372 5555 1234',
      iban: 'ee38 2200 2210 2014 5685',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ legalName: 'Korteriühistu Tamme 12', registrationCode: '80123456', vatNumber: 'EE101234567', iban: 'EE382200221020145685', email: 'juhatus@tamme12.ee' });
    const cleared = await admin('PATCH', '/organisation', { phone: '', email: '' });
    expect(cleared.body.data).toMatchObject({ phone: null, email: null, legalName: 'Korteriühistu Tamme 12' });
    const audit = await getDb().select().from(auditLog).where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.action, 'organisation.update')));
    expect(audit).toHaveLength(2);
    expect((await restClient(await bearerFor(other.tenantId, other.manager))('GET', '/organisation')).body.data).toMatchObject({ id: other.tenantId, legalName: null });
  });

  it('invoices print the issuer\'s legal name, registry code and VAT number, and are paid to its account when the building has none', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    await restClient(await bearerFor(t.tenantId, t.admin))('PATCH', '/organisation', { legalName: 'Korteriühistu Kase 3', registrationCode: '80765432', vatNumber: 'EE102345678', iban: 'EE471000001020145685' });
    const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Kase 3', address: 'Kase tn 3', city: 'Tallinn' }).returning();
    await getDb().insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '1', area: '40.00' });
    await getDb().insert(chargeRules).values({ tenantId: t.tenantId, buildingId: b!.id, position: 0, name: 'Prügivedu', basis: 'apartment', unitPrice: '10.0000', vatRate: '22' });
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31', issueDate: '2026-11-01' } });
    await updateInvoice({ ctx, input: { id: invoiceIds[0]!, status: 'sent' } });
    const res = await pdfRoute(new Request(`http://localhost/api/invoices/${invoiceIds[0]}/pdf`, { headers: { authorization: await bearerFor(t.tenantId, t.manager) } }), {
      params: Promise.resolve({ id: invoiceIds[0]! }),
    });
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('Korteriühistu Kase 3');
    // In the manager's language: Estonian, as they chose none.
    expect(text).toContain('Registrikood 80765432 · KMKR nr EE102345678');
    expect(text).toMatch(/Saaja Korteriühistu Kase 3 IBAN EE471000001020145685/);
  });

  it('keeps a printable copy of the logo an admin uploads, prints it on invoices, and removes it', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const adminAuth = await bearerFor(t.tenantId, t.admin);
    const admin = restClient(adminAuth);
    // A wide JPEG, larger than the letterhead's box.
    const jpeg = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#1d4ed8' } }).jpeg().toBuffer();
    const uploaded = await upload(adminAuth, new Uint8Array(jpeg), 'logo.jpg');
    expect(uploaded.status).toBe(201);

    const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Logo 1', address: 'Logo tn 1' }).returning();
    await getDb().insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '1', area: '40.00' });
    await getDb().insert(chargeRules).values({ tenantId: t.tenantId, buildingId: b!.id, position: 0, name: 'Haldus', basis: 'apartment', unitPrice: '10.0000', vatRate: '0' });
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31', issueDate: '2026-11-01' } });
    const images = async () => {
      const res = await pdfRoute(new Request(`http://localhost/api/invoices/${invoiceIds[0]}/pdf`, { headers: { authorization: await bearerFor(t.tenantId, t.manager) } }), {
        params: Promise.resolve({ id: invoiceIds[0]! }),
      });
      return (Buffer.from(await res.arrayBuffer()).toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;
    };
    const before = await images();

    // Another tenant's upload, or none at all, is not a logo.
    const other = await makeTenant();
    const theirs = await upload(await bearerFor(other.tenantId, other.admin), new Uint8Array(jpeg), 'logo.jpg');
    const refused = await admin('PATCH', '/organisation', { logoUploadId: theirs.body.data.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'logoUploadId' })]);
    expect((await restClient(await bearerFor(t.tenantId, t.manager))('PATCH', '/organisation', { logoUploadId: uploaded.body.data.id })).status).toBe(403);

    const set = await admin('PATCH', '/organisation', { logoUploadId: uploaded.body.data.id });
    expect(set.status).toBe(200);
    const logoId = set.body.data.logoUploadId as string;
    expect(logoId).not.toBe(uploaded.body.data.id);
    const logo = await download(adminAuth, logoId);
    expect(logo.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 150]);
    expect(await images()).toBe(before + 1);

    const removed = await admin('PATCH', '/organisation', { logoUploadId: null });
    expect(removed.body.data.logoUploadId).toBeNull();
    expect(await images()).toBe(before);
  });

  it('has a default language (Estonian for a new organisation) and lets the browser\'s stand in; admins change them, a language we do not have is 400 (422 past the schema), audited', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const admin = restClient(await bearerFor(t.tenantId, t.admin));
    const manager = restClient(await bearerFor(t.tenantId, t.manager));

    expect((await manager('GET', '/organisation')).body.data).toMatchObject({ defaultLocale: 'et', allowBrowserLocale: true });
    expect((await manager('PATCH', '/organisation', { defaultLocale: 'ru' })).status).toBe(403);
    await expect(updateOrganisation({ ctx: serviceContext(t.tenantId, t.manager), input: { allowBrowserLocale: false } })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateOrganisation({ ctx: serviceContext(t.tenantId, t.resident), input: { defaultLocale: 'ru' } })).rejects.toBeInstanceOf(ForbiddenError);

    // An unknown enum value or a wrong type is refused by the schema (400); the service checks again (422) for any other caller.
    for (const body of [{ defaultLocale: 'de' }, { defaultLocale: 'RU' }, { defaultLocale: null }, { allowBrowserLocale: 'no' }]) {
      const res = await admin('PATCH', '/organisation', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    await expect(updateOrganisation({ ctx: serviceContext(t.tenantId, t.admin), input: { defaultLocale: 'fi', name: '' } })).rejects.toSatisfy(
      (e) => e instanceof ValidationError && e.errors.map((x) => x.path).sort().join() === 'defaultLocale,name',
    );
    expect(await getOrganisation({ ctx: serviceContext(t.tenantId, t.manager) })).toMatchObject({ defaultLocale: 'et', allowBrowserLocale: true });

    const changed = await admin('PATCH', '/organisation', { defaultLocale: 'ru', allowBrowserLocale: false });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ defaultLocale: 'ru', allowBrowserLocale: false });
    expect((await admin('PATCH', '/organisation', { phone: '5555' })).body.data).toMatchObject({ defaultLocale: 'ru', allowBrowserLocale: false });
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.action, 'organisation.update'))).orderBy(auditLog.createdAt);
    expect(audit!.before).toMatchObject({ defaultLocale: 'et', allowBrowserLocale: true });
    expect(audit!.after).toMatchObject({ defaultLocale: 'ru', allowBrowserLocale: false });
    expect((await restClient(await bearerFor(other.tenantId, other.admin))('GET', '/organisation')).body.data).toMatchObject({ defaultLocale: 'et', allowBrowserLocale: true });
  });
});
